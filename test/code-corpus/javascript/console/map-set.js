const map = new Map([['a', 1], ['b', { nested: true }], [3, [1, 2]]]);
console.log(map);
console.log(new Set([1, 'two', { three: 3 }]));
console.log(new Map(), new Set());
console.log({ map: new Map([[{ key: 1 }, 'object key']]) });
console.log(new WeakMap(), new WeakSet());
