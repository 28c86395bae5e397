console.log(Math.fround(5.5), Math.fround(5.05), Math.clz32(1), Math.imul(3, 4), Math.log2(8), Math.log10(1000));
console.log(Math.max(), Math.min(), Math.max(1, NaN), Math.sqrt(-1), Math.pow(2, 0.5), Math.expm1(0), Math.atan2(1, 1));
console.log((0.1 * 3).toFixed(20), (123.456).toFixed(10), Number.parseFloat('1e3'), 2 ** -1074, 2 ** 1023 * 2);
console.log([1.005, 2.5, -0.5].map(Math.round), 7 % -3, -7 % 3, 2 ** 31 | 0, -1 >>> 0, 1 << 31);
console.log(Number.isSafeInteger(2 ** 53), Number.isInteger(5.0), (12345.6789).toExponential(), (0).toFixed(2));
