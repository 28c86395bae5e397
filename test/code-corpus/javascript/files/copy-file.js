const fs = require('fs');
fs.writeFileSync('source.txt', 'copy me');
fs.copyFileSync('source.txt', 'dest.txt');
fs.writeFileSync('source.txt', 'changed');
console.log(fs.readFileSync('dest.txt', 'utf8'), fs.readFileSync('source.txt', 'utf8'));
