const delay = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
async function sequential() {
  const a = await delay(10, 'a');
  const b = await delay(5, 'b');
  return a + b;
}
async function parallel() {
  const results = await Promise.all([delay(15, 1), delay(5, 2), 3]);
  const settled = await Promise.allSettled([delay(1, 'ok'), Promise.reject(new Error('no'))]);
  return { results, settled: settled.map((entry) => entry.status) };
}
async function main() {
  console.log(await sequential());
  console.log(await parallel());
  console.log(await Promise.race([delay(20, 'slow'), delay(5, 'fast')]));
  const iterable = { async *[Symbol.asyncIterator]() { yield 'x'; yield 'y'; } };
  for await (const item of iterable) console.log(item);
}
main().then(() => console.log('done'));
