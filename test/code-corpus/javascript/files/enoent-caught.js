const fs = require('fs');
const path = require('path');
try {
  fs.readFileSync('missing.txt', 'utf8');
} catch (error) {
  console.log(error.code, error.errno, error.syscall);
  console.log(path.relative(process.cwd(), error.path));
  console.log(error instanceof Error, error.message.startsWith('ENOENT: no such file or directory'));
}
