function counter() {
  let count = 0;
  return { increment: () => ++count, get value() { return count; } };
}
const c1 = counter();
const c2 = counter();
c1.increment();
c1.increment();
c2.increment();
console.log(c1.value, c2.value);
const privateData = new WeakMap();
class Person {
  constructor(name) {
    privateData.set(this, { name });
  }
  get name() {
    return privateData.get(this).name;
  }
}
console.log(new Person('Ada').name, privateData.has({}));
const functions = [];
for (var i = 0; i < 3; i++) functions.push(() => i);
for (let j = 0; j < 3; j++) functions.push(() => j);
console.log(functions.map((f) => f()));
const memo = ((cache = new Map()) => (n) => cache.get(n) ?? (cache.set(n, n < 2 ? n : memo(n - 1) + memo(n - 2)), cache.get(n)))();
console.log(memo(80));
