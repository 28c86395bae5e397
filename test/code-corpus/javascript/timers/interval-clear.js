let ticks = 0;
const interval = setInterval(() => {
  ticks++;
  console.log('tick', ticks);
  if (ticks === 3) {
    clearInterval(interval);
    console.log('cleared');
  }
}, 5);
const cancelled = setTimeout(() => console.log('never'), 10);
clearTimeout(cancelled);
const immediate = setImmediate(() => console.log('never immediate'));
clearImmediate(immediate);
