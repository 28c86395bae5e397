Promise.resolve().then(() => console.log('promise'));
process.nextTick(() => console.log('nextTick 1'));
process.nextTick(() => {
  console.log('nextTick 2');
  process.nextTick(() => console.log('nextTick nested'));
  Promise.resolve().then(() => console.log('promise from tick'));
});
console.log('sync');
