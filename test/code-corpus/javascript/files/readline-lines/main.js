const fs = require('fs');
const readline = require('readline');
async function main() {
  const lines = readline.createInterface({ input: fs.createReadStream('input.txt'), crlfDelay: Infinity });
  let count = 0;
  for await (const line of lines) {
    count++;
    console.log(`${count}: ${line}`);
  }
  const again = readline.createInterface({ input: fs.createReadStream('input.txt') });
  const lengths = [];
  again.on('line', (line) => lengths.push(line.length));
  again.on('close', () => {
    console.log('lengths', lengths);
    fs.createReadStream('input.txt', 'utf8').pipe(fs.createWriteStream('copy.txt')).on('finish', () => console.log('copied', fs.readFileSync('copy.txt', 'utf8') === fs.readFileSync('input.txt', 'utf8')));
  });
}
main();
