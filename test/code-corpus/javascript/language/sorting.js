const people = [
  { name: 'Ann', age: 30 },
  { name: 'bob', age: 25 },
  { name: 'Cid', age: 30 },
  { name: 'dee', age: 25 },
  { name: 'Eve', age: 35 },
];
console.log(people.slice().sort((a, b) => a.age - b.age).map((p) => p.name).join(','));
console.log([10, 9, 1, 100, 25].sort(), [10, 9, 1, 100, 25].sort((a, b) => a - b));
console.log(['b', 'a', 'C', 'B'].sort(), ['b', 'a', 'C', 'B'].sort((a, b) => (a.toLowerCase() < b.toLowerCase() ? -1 : a.toLowerCase() > b.toLowerCase() ? 1 : 0)));
const original = [3, 1, 2];
console.log(original.toSorted(), original, original.toReversed(), original.with(0, 9));
console.log([1, 2, 3, 4].findLast((n) => n % 2 === 1), [1, 2, 3, 4].findLastIndex((n) => n > 10));
console.log([[2, 'b'], [1, 'a'], [2, 'a']].sort().join(' | '), [undefined, 3, null, 1].sort());
