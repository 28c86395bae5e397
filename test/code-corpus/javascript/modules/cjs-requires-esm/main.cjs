const modern = require('./modern.mjs');
console.log(modern.modern, modern.default);
