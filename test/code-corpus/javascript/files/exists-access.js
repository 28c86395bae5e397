const fs = require('fs');
fs.writeFileSync('here.txt', 'x');
console.log(fs.existsSync('here.txt'), fs.existsSync('gone.txt'), fs.existsSync('.'));
fs.accessSync('here.txt', fs.constants.F_OK);
try {
  fs.accessSync('gone.txt');
} catch (error) {
  console.log(error.code, error.syscall);
}
console.log(fs.constants.F_OK, fs.constants.R_OK, fs.constants.W_OK);
