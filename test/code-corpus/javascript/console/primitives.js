console.log(1, -0, 0, NaN, Infinity, -Infinity, 1e21, 1e-7, 0.1 + 0.2);
console.log(true, false, null, undefined);
console.log(123n, -5n, 2n ** 64n);
console.log(Symbol('tag'), Symbol(), Symbol.iterator);
console.log([undefined, null, NaN, -0]);
console.log({ big: 10n, sym: Symbol('v'), [Symbol('key')]: 'symbol keyed' });
