const value = { name: 'x', nested: { list: [1, 'two', null, true], empty: {} }, skip: undefined, fn() {}, date: new Date(Date.UTC(2020, 5, 15)) };
console.log(JSON.stringify(value));
console.log(JSON.stringify(value, null, 2));
console.log(JSON.stringify(value, ['name', 'nested', 'list']));
console.log(JSON.stringify({ a: 1, b: 2 }, (key, v) => (key === 'b' ? undefined : v), '\t'));
console.log(JSON.stringify({ toJSON: () => 'custom' }), JSON.stringify('quote " and \n'), JSON.stringify([undefined, () => 1, NaN]));
const parsed = JSON.parse('{"n":1,"d":"2020-01-01T00:00:00.000Z","deep":{"n":2}}', (key, v) => (key === 'n' ? v * 10 : key === 'd' ? new Date(v) : v));
console.log(parsed.n, parsed.deep.n, parsed.d.getUTCFullYear());
console.log(JSON.stringify('\u2028\ud800'), JSON.stringify({ '': 1, ' ': 2 }));
