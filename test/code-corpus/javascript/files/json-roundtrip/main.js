const fs = require('fs');
const config = JSON.parse(fs.readFileSync('config.json', 'utf8'));
config.version += 1;
config.features.push('c');
config.nested.enabled = true;
fs.writeFileSync('config.json', JSON.stringify(config, null, 2) + '\n');
fs.writeFileSync('compact.json', JSON.stringify(config));
console.log(config);
console.log(require('./config.json').version);
