const fs = require('fs');
const bytes = Buffer.from([0, 1, 2, 127, 128, 200, 255]);
fs.writeFileSync('blob.bin', bytes);
const back = fs.readFileSync('blob.bin');
console.log(Buffer.isBuffer(back), back.length, back.toString('hex'));
console.log(back.toString('base64'));
console.log(back[5], back.equals ? back.equals(bytes) : 'no equals');
