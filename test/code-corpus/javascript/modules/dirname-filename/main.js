const path = require('path');
console.log(path.relative(process.cwd(), __filename), path.relative(process.cwd(), __dirname) || '.');
console.log(path.basename(process.argv[1]), process.argv.length, process.argv.slice(2));
console.log(typeof require.resolve, path.relative(process.cwd(), require.resolve('./main.js')));
