const fs = require('fs');
console.log('reading');
const config = fs.readFileSync('missing-config.json', 'utf8');
console.log(config);
