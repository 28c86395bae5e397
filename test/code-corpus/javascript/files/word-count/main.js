const fs = require('fs');
const text = fs.readFileSync('poem.txt', 'utf8');
const words = text.toLowerCase().match(/[a-z]+/g);
const counts = {};
for (const word of words) counts[word] = (counts[word] || 0) + 1;
const top = Object.entries(counts).sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, 5);
console.log(`lines=${text.split('\n').length - 1} words=${words.length} chars=${text.length}`);
console.log(top);
fs.writeFileSync('counts.json', JSON.stringify(Object.fromEntries(top)));
