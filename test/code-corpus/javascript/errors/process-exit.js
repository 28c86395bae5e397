console.log('one');
process.stdout.write('two\n');
process.exit(3);
console.log('never');
