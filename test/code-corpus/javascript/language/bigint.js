let factorial = 1n;
for (let i = 1n; i <= 30n; i++) factorial *= i;
console.log(factorial, factorial.toString().length);
console.log(2n ** 100n, (2n ** 64n - 1n).toString(16), BigInt('123456789012345678901234567890') % 97n);
console.log(BigInt.asUintN(8, 257n), BigInt.asIntN(8, 255n), -7n / 2n, -7n % 2n);
console.log(typeof 1n, 1n == 1, 1n === 1, 2n > 1, BigInt(Number.MAX_SAFE_INTEGER) + 2n);
try {
  console.log(1n + 1);
} catch (error) {
  console.log(error.constructor.name);
}
console.log(JSON.stringify({ n: 5n.toString() }), [3n, 1n, 2n].sort());
