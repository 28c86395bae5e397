const found = [];
outer: for (let i = 0; i < 5; i++) {
  for (let j = 0; j < 5; j++) {
    if (j > i) continue outer;
    if (i + j > 5) break outer;
    found.push(`${i}${j}`);
  }
}
console.log(found.join(' '));
function grade(score) {
  switch (true) {
    case score >= 90: return 'A';
    case score >= 80: return 'B';
    default: return 'C';
  }
}
console.log([95, 85, 10].map(grade), [1, 2, 3].some((n) => n > 2), [1, 2, 3].every(Number.isInteger));
let n = 0;
do { n++; } while (n < 5);
console.log(n, typeof null, typeof undefined, void 0, [] + [], [] + {}, 1 < 2 < 3, 3 > 2 > 1);
console.log(null ?? 'default', 0 || 'fallback', 0 ?? 'kept zero', ''?.length);
let value = null;
value ??= 'assigned';
let count = 1;
count ||= 5;
count &&= count + 1;
console.log(value, count);
