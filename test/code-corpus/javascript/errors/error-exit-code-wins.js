process.exitCode = 7;
console.log('exit code set, then an error');
throw new Error('errors exit with 1');
