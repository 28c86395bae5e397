async function load() {
  await null;
  throw new RangeError('value out of range');
}
console.log('start');
load();
