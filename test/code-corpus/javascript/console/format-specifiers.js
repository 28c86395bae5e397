console.log('%s is %d years and %i days', 'Ada', 36.6, 12.9);
console.log('%f and %j', '3.25', { a: [1, 2] });
console.log('%o vs %O', [1, { a: 2 }], { b: { c: { d: {} } } });
console.log('100%% sure, %s', 'yes', 'extra', 42);
console.log('%s %s', 'only one');
console.log('%c styled', 'color: red');
console.log('%d', '0x10', '%s');
console.log('%s', null, undefined, 5n, Symbol('s'));
console.log('no specifiers', { x: 1 }, [2], 'str');
