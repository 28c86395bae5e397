const crypto = require('crypto');
for (const algorithm of ['md5', 'sha1', 'sha256']) {
  console.log(algorithm, crypto.createHash(algorithm).update('hello world').digest('hex'));
  console.log(algorithm, crypto.createHash(algorithm).update('').digest('base64'));
}
const long = 'x'.repeat(1000) + 'é✓';
console.log(crypto.createHash('sha256').update(long).update(Buffer.from([0, 255])).digest('hex'));
console.log(crypto.createHash('sha1').update('abc').digest().length);
try {
  crypto.createHash('nope');
} catch (error) {
  console.log(error.message);
}
