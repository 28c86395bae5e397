const fs = require('fs');
console.log('start');
fs.writeFile('cb.txt', 'callback data', (error) => {
  console.log('written', error);
  fs.readFile('cb.txt', 'utf8', (readError, text) => {
    console.log('read', readError, text);
    fs.readFile('missing.txt', (missingError) => console.log('missing', missingError.code));
  });
});
console.log('scheduled');
