const fs = require('fs');
fs.mkdirSync('once');
try {
  fs.mkdirSync('once');
} catch (error) {
  console.log(error.code, error.syscall, error.errno);
}
try {
  fs.mkdirSync('no/parent');
} catch (error) {
  console.log(error.code);
}
