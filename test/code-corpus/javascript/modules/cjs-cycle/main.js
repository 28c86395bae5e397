const a = require('./a');
const b = require('./b');
console.log('main', a.done, b.done);
