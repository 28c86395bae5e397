process.on('exit', (code) => {
  console.log('exiting with', code);
});
process.exitCode = 5;
console.log('main done');
