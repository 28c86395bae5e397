const a = require('./counter');
const b = require('./counter.js');
console.log(a === b, a.loads);
a.next(); b.next();
console.log(require('./counter').next());
console.log(typeof require.cache, require.resolve('./counter').endsWith('counter.js'));
