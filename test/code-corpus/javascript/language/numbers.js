console.log((1234.5678).toFixed(2), (0.000123).toExponential(1), (1234.5678).toPrecision(6));
console.log((255).toString(16), (255).toString(2), parseInt('ff', 16), parseInt('12px'), parseFloat('3.14abc'));
console.log(0.1 + 0.2, 0.1 + 0.2 === 0.3, Math.abs(0.3 - (0.1 + 0.2)) < Number.EPSILON);
console.log(Number.MAX_SAFE_INTEGER, Number.MIN_VALUE, 2 ** 53 + 1, 1 / 3);
console.log(Math.round(2.5), Math.round(-2.5), Math.trunc(-4.7), Math.sign(-3), Math.cbrt(27), Math.hypot(3, 4));
console.log((1e21).toString(), (123.456).toString(), 5e-7, 100 / 3, -1 / 0, (25).toString(36));
console.log(Number('  42  '), Number(''), Number('0b101'), Number('1_000'), +[], +{}, Number(null));
console.log((1234567.891).toFixed(1), (-1.005).toFixed(2), (1.45).toFixed(1), (8.345).toFixed(2));
console.log(0.000001, 0.0000001, 123456789012345680000, 1.7976931348623157e308);
