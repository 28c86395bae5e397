const fs = require('fs');
const stream = fs.createWriteStream('stream.txt');
for (let i = 0; i < 3; i++) stream.write(`row ${i}\n`);
stream.end('last\n');
stream.on('finish', () => {
  console.log('finished');
  console.log(fs.readFileSync('stream.txt', 'utf8'));
});
