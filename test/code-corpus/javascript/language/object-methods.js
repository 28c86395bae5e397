const source = { a: 1, b: { c: 2 } };
console.log(Object.entries(source), Object.fromEntries([['x', 1], ['y', 2]]));
const frozen = Object.freeze({ ...source });
console.log(Object.isFrozen(frozen), Object.isSealed(Object.seal({})), Object.hasOwn(source, 'a'));
const described = Object.getOwnPropertyDescriptors({ get g() { return 1; }, v: 2 });
console.log(Object.keys(described), typeof described.g.get, described.v.writable);
const target = Object.defineProperties({}, { hidden: { value: 'h', enumerable: false }, shown: { value: 's', enumerable: true } });
console.log(target, Object.getOwnPropertyNames(target), JSON.stringify(target));
console.log(Object.assign({}, null, { a: 1 }, 'xy'), Object.entries('ab'), Object.is(NaN, NaN));
