const value = { level1: { level2: { level3: { level4: 'deep' } }, list: [1, [2, [3, [4, [5]]]]] }, name: 'root' };
console.log(value);
console.log({ a: 1, b: 'two', c: [3], d: { e: null, f: undefined } });
console.log([{ id: 1, tags: ['a', 'b'] }, { id: 2, tags: [] }]);
console.log({});
console.log([]);
console.log([[]], [{}], { empty: {} });
