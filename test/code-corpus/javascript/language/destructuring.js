const { a, b: { c = 'default c', ...restOfB } = {}, ...others } = { a: 1, b: { d: 4, e: 5 }, f: 6, g: 7 };
console.log(a, c, restOfB, others);
const [first, , third = 'three', ...tail] = [1, 2, undefined, 4, 5];
console.log(first, third, tail);
function options({ size = 10, color = 'red' } = {}, ...extra) {
  return `${size}/${color}/${extra.length}`;
}
console.log(options(), options({ color: 'blue' }, 1, 2));
let x = 1, y = 2;
[x, y] = [y, x];
console.log(x, y);
const merged = { ...{ a: 1, b: 2 }, ...{ b: 3 }, ...null };
console.log(merged, [...'abc', ...new Set([1, 1, 2])]);
for (const [key, { value }] of Object.entries({ k1: { value: 'v1' }, k2: { value: 'v2' } })) console.log(key, value);
