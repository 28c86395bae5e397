const fs = require('fs');
const [header, ...rows] = fs.readFileSync('sales.csv', 'utf8').trim().split('\n').map((line) => line.split(','));
const records = rows.map((row) => Object.fromEntries(row.map((cell, index) => [header[index], cell])));
const byRegion = new Map();
for (const record of records) {
  const revenue = Number(record.units) * Number(record.price);
  byRegion.set(record.region, (byRegion.get(record.region) ?? 0) + revenue);
}
const lines = ['| region | revenue |', '|---|---|'];
for (const [region, revenue] of [...byRegion].sort((a, b) => b[1] - a[1])) lines.push(`| ${region} | ${revenue.toFixed(2)} |`);
fs.mkdirSync('reports', { recursive: true });
fs.writeFileSync('reports/summary.md', lines.join('\n') + '\n');
console.log(lines.join('\n'));
console.log(byRegion);
