const fs = require('fs');
fs.writeFileSync('note.txt', 'first line\nsecond line\n');
const text = fs.readFileSync('note.txt', 'utf8');
console.log(JSON.stringify(text));
console.log(text.split('\n').filter(Boolean).map((line) => line.toUpperCase()));
