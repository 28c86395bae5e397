const fs = require('fs');
fs.mkdirSync('tree/deep/er', { recursive: true });
fs.writeFileSync('tree/deep/er/f.txt', 'x');
fs.writeFileSync('tree/top.txt', 'y');
fs.writeFileSync('keep.txt', 'kept');
try {
  fs.rmdirSync('tree');
} catch (error) {
  console.log('rmdir non-empty:', error.code);
}
fs.rmSync('tree', { recursive: true });
console.log(fs.existsSync('tree'));
fs.rmSync('never-existed', { force: true });
try {
  fs.rmSync('never-existed');
} catch (error) {
  console.log(error.code, error.syscall);
}
fs.unlinkSync('keep.txt');
console.log(fs.readdirSync('.').filter((name) => !name.endsWith('.js')));
