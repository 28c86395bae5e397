exports.name = 'b';
const a = require('./a');
console.log('in b, a.done =', a.done, 'a.name =', a.name);
exports.done = true;
