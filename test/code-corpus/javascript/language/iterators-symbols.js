class Range {
  constructor(from, to) {
    this.from = from;
    this.to = to;
  }
  *[Symbol.iterator]() {
    for (let value = this.from; value <= this.to; value++) yield value;
  }
  get [Symbol.toStringTag]() {
    return 'Range';
  }
}
const range = new Range(1, 4);
console.log([...range], Array.from(range, (n) => n * n), Math.max(...range));
console.log(Object.prototype.toString.call(range));
const [head, ...rest] = range;
console.log(head, rest);
const iterator = [10, 20][Symbol.iterator]();
console.log(iterator.next(), iterator.next(), iterator.next());
const registered = Symbol.for('app.key');
console.log(Symbol.keyFor(registered), registered.description, Symbol('local').toString());
const entries = new Map([['x', 1]]).entries();
console.log(entries.next().value, typeof entries[Symbol.iterator]);
