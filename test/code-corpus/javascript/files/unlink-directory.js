const fs = require('fs');
fs.mkdirSync('folder');
fs.writeFileSync('file.txt', '');
for (const attempt of [() => fs.unlinkSync('folder'), () => fs.rmdirSync('file.txt'), () => fs.readFileSync('folder'), () => fs.writeFileSync('folder', 'x')]) {
  try {
    attempt();
    console.log('no error');
  } catch (error) {
    console.log(error.code);
  }
}
