process.stdout.write('no newline');
process.stdout.write(' then more\n');
process.stdout.write(String(42) + '\n');
console.log('%s', 'mixed with console.log');
process.stderr.write('to stderr\n');
console.error('also stderr', { a: 1 });
console.warn('warning');
