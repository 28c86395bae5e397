const values = [30, 10, 50, 20, 40];
const sorted = [];
for (const value of values) setTimeout(() => {
  sorted.push(value);
  if (sorted.length === values.length) console.log(sorted);
}, value);
