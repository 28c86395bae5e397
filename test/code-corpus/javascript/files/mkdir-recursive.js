const fs = require('fs');
const path = require('path');
const first = fs.mkdirSync('a/b/c', { recursive: true });
console.log('first created:', path.relative(process.cwd(), first));
console.log('again:', fs.mkdirSync('a/b/c', { recursive: true }));
console.log(fs.existsSync('a/b'), fs.existsSync('a/b/c'), fs.existsSync('a/x'));
fs.writeFileSync('a/b/c/leaf.txt', 'leaf');
console.log(fs.statSync('a/b/c').isDirectory(), fs.statSync('a/b/c/leaf.txt').isFile());
