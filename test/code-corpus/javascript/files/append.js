const fs = require('fs');
for (let i = 1; i <= 5; i++) fs.appendFileSync('log.txt', `entry ${i}\n`);
fs.appendFileSync('log.txt', Buffer.from('bytes\n'));
const lines = fs.readFileSync('log.txt', 'utf8').trim().split('\n');
console.log(lines.length, lines[0], lines.at(-1));
