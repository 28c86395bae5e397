function* range(start, end, step = 1) {
  for (let value = start; value < end; value += step) yield value;
}
function* take(iterable, count) {
  let taken = 0;
  for (const value of iterable) {
    if (taken++ >= count) return 'done early';
    yield value;
  }
}
function* fibonacci() {
  let [a, b] = [0, 1];
  for (;;) {
    yield a;
    [a, b] = [b, a + b];
  }
}
console.log([...range(0, 10, 3)], [...take(fibonacci(), 10)]);
const generator = take(range(0, 5), 2);
console.log(generator.next(), generator.next(), generator.next(), generator.next());
function* conversation() {
  const name = yield 'name?';
  const age = yield `hello ${name}, age?`;
  return `${name} is ${age}`;
}
const talk = conversation();
console.log(talk.next().value, talk.next('Ada').value, talk.next(36));
function* delegating() {
  yield* [1, 2];
  const result = yield* take(range(10, 20), 1);
  yield result;
}
console.log([...delegating()]);
