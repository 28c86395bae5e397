const fs = require('fs');
fs.mkdirSync('root/a/b', { recursive: true });
fs.writeFileSync('root/top.txt', '1');
fs.writeFileSync('root/a/mid.txt', '2');
fs.writeFileSync('root/a/b/low.txt', '3');
console.log(fs.readdirSync('root', { recursive: true }).sort());
