const fs = require('fs');
const path = require('path');
const logFile = path.join('logs', 'events.jsonl');
fs.mkdirSync(path.dirname(logFile), { recursive: true });
const events = [{ type: 'start', at: 0 }, { type: 'step', at: 5, detail: { n: 1 } }, { type: 'stop', at: 9 }];
for (const event of events) fs.appendFileSync(logFile, JSON.stringify(event) + '\n');
const parsed = fs.readFileSync(logFile, 'utf8').trim().split('\n').map((line) => JSON.parse(line));
console.log(parsed.length, parsed.filter((event) => event.type === 'step'));
console.log(path.relative('.', logFile), path.extname(logFile));
