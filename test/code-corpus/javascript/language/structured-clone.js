const original = { date: new Date(Date.UTC(2021, 0, 1)), map: new Map([[1, 'one']]), set: new Set([1, 2]), nested: { list: [1, 2] }, big: 5n };
const copy = structuredClone(original);
console.log(copy.date instanceof Date, copy.map instanceof Map, copy.set.has(2), copy.big);
copy.nested.list.push(3);
console.log(original.nested.list.length, copy.nested.list.length);
const cyclic = { name: 'c' };
cyclic.self = cyclic;
const clonedCycle = structuredClone(cyclic);
console.log(clonedCycle.self === clonedCycle);
try {
  structuredClone({ fn() {} });
} catch (error) {
  console.log(error.name);
}
