const fs = require('fs');
fs.writeFileSync('data.bin', Buffer.alloc(1234, 7));
fs.writeFileSync('text.txt', 'héllo');
const a = fs.statSync('data.bin');
const b = fs.statSync('text.txt');
console.log(a.size, a.isFile(), a.isDirectory());
console.log(b.size, fs.statSync('.').isDirectory());
console.log(typeof a.mtimeMs, a.mtime instanceof Date);
console.log(fs.statSync('missing', { throwIfNoEntry: false }));
