const fs = require('fs');
fs.writeFileSync('f.txt', 'one\n');
fs.writeFileSync('f.txt', 'two\n', { flag: 'a' });
console.log(fs.readFileSync('f.txt', 'utf8'));
try {
  fs.writeFileSync('f.txt', 'three', { flag: 'wx' });
  console.log('overwrote');
} catch (error) {
  console.log(error.code);
}
console.log(fs.readFileSync('f.txt', 'utf8').length);
