const fs = require('fs');
try {
  fs.readFileSync('nope/missing.txt');
} catch (error) {
  console.log(error.message);
}
try {
  fs.readdirSync('no-such-dir');
} catch (error) {
  console.log(error.message);
}
