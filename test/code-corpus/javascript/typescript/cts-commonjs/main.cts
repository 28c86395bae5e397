const { triple } = require('./helper.cjs') as { triple: (value: number) => number };
type Pair = [string, number];
const pairs: Pair[] = [['a', 1], ['b', 2]];
for (const [name, value] of pairs) console.log(name, triple(value));
console.log(typeof module, typeof __dirname);
