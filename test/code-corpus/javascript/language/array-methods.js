console.log([1, [2, [3, [4]]]].flat(), [1, [2, [3, [4]]]].flat(Infinity), [1, 2].flatMap((n) => [n, n * 10]));
console.log(new Array(5).fill(0).map((_, i) => i ** 2), [1, 2, 3, 4, 5].copyWithin(0, 3));
console.log([...['a', 'b'].entries()], Array.from({ length: 3 }), Array.of(7, 8));
console.log([3, 1, 2].reduce((acc, n) => acc + n), [[1, 'a'], [2, 'b']].map(([n, s]) => s.repeat(n)).join());
console.log([1, 2, 3].includes(NaN), [NaN].includes(NaN), [NaN].indexOf(NaN), [1, 2, 3].at(-1));
console.log(['x', 'y', 'z'].keys().next(), [10, 20, 30].lastIndexOf(20), [0, 1, 2].filter(Boolean));
console.log([5, 1, 10].sort().reverse(), Array.isArray([]), [1, 2, 3].join('-'), [, 1].length);
