const util = require('util');
const value = { a: { b: { c: { d: { e: 1 } } } }, list: [1, 2, 3] };
console.log(util.inspect(value, { depth: 0 }));
console.log(util.inspect(value, { depth: Infinity }));
console.log(util.inspect(value, { compact: false, depth: 1 }));
console.log(util.inspect('string'), util.inspect(5), util.inspect([1, 'a']));
console.log(util.format('%s=%d', 'x', 5), util.format('a', 'b', 1));
console.log(util.inspect(new Map([[1, { a: [1, 2, { b: 3 }] }]]), { depth: 1 }));
