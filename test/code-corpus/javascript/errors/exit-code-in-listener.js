process.on('exit', (code) => {
  console.log('listener sees', code);
  process.exitCode = 9;
});
console.log('done');
