const fs = require('fs');
fs.mkdirSync('box');
for (const name of ['zeta.txt', 'alpha.md', 'Mid.js']) fs.writeFileSync(`box/${name}`, name);
fs.mkdirSync('box/sub');
console.log(fs.readdirSync('box').sort());
const entries = fs.readdirSync('box', { withFileTypes: true }).sort((a, b) => (a.name.toLowerCase() < b.name.toLowerCase() ? -1 : 1));
for (const entry of entries) console.log(entry.name, entry.isDirectory() ? 'dir' : 'file', entry.isFile());
