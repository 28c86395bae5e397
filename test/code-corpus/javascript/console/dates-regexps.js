const date = new Date(Date.UTC(2024, 0, 2, 3, 4, 5, 6));
console.log(date);
console.log({ when: date, pattern: /ab+c/gi, list: [new Date(0)] });
console.log(/x/y, new RegExp('a/b'));
console.log(new Date(NaN));
console.log(String(/re/m), date.toISOString(), JSON.stringify({ date }));
