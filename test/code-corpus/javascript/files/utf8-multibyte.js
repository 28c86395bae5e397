const fs = require('fs');
const text = 'héllo wörld ✓ 😀 日本';
fs.writeFileSync('u.txt', text);
console.log(Buffer.byteLength(text), fs.statSync('u.txt').size, text.length);
console.log(fs.readFileSync('u.txt', 'utf8') === text);
console.log(fs.readFileSync('u.txt').subarray(0, 3));
console.log([...'😀日'].length, '😀'.codePointAt(0).toString(16));
