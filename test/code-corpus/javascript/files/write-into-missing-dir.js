const fs = require('fs');
try {
  fs.writeFileSync('no-such-dir/file.txt', 'x');
} catch (error) {
  console.log(error.code, error.syscall, error.message);
}
console.log(fs.existsSync('no-such-dir'));
