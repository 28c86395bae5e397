console.table([{ name: 'a', value: 1 }, { name: 'b', value: 22 }]);
console.table({ x: { v: 1 }, y: { v: 2 } });
