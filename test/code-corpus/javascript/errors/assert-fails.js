const assert = require('assert');
assert.strictEqual(1 + 1, 2);
assert.deepStrictEqual({ a: [1, 2] }, { a: [1, 2] });
console.log('assertions passed');
try {
  assert.strictEqual('a', 'b');
} catch (error) {
  console.log(error.name, error.code, error.actual, error.expected, error.operator);
}
assert.ok(false, 'it was false');
