const fs = require('fs');
fs.writeFileSync('bytes.bin', Buffer.from([104, 105, 0xe9, 0xff]));
console.log(fs.readFileSync('bytes.bin', 'latin1'));
console.log(fs.readFileSync('bytes.bin', 'base64'), fs.readFileSync('bytes.bin', 'hex'));
console.log(fs.readFileSync('bytes.bin', { encoding: 'hex' }), fs.readFileSync('bytes.bin').length);
fs.writeFileSync('from-hex.txt', Buffer.from('6869', 'hex'));
console.log(fs.readFileSync('from-hex.txt', 'utf-8'));
