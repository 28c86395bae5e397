const { add, mean } = require('./lib/math');
const greeting = require('./lib/greet.js');
console.log(add(2, 3), mean([1, 2, 3, 4]));
console.log(greeting.greet('world'), greeting.shout('node'));
console.log(Object.keys(greeting));
