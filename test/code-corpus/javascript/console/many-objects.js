const rows = Array.from({ length: 8 }, (_, i) => ({ id: i, ok: i % 2 === 0 }));
console.log(rows);
console.log({ matrix: [[1, 2, 3], [4, 5, 6], [7, 8, 9]] });
console.log(Array.from({ length: 10 }, (_, i) => 'word'.repeat(i % 3 + 1)));
console.log(new Map(Array.from({ length: 5 }, (_, i) => [`key${i}`, { value: i }])));
