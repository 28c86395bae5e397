const wide = {};
for (let i = 0; i < 12; i++) wide[`property${i}`] = `value number ${i}`;
console.log(wide);
console.log({ short: 1, alsoShort: 2, aBitLongerName: 'with a string', numbers: [1, 2, 3], flag: true });
console.log({ text: 'x'.repeat(100) });
console.log([[1, 2, [3, 4, [5, [6]]]], { a: { b: { c: { d: 1 } } } }]);
