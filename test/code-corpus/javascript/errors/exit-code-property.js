process.exitCode = 2;
console.log('set exit code');
setTimeout(() => console.log('timer still runs'), 5);
