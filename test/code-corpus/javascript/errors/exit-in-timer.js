setTimeout(() => {
  console.log('first timer exits');
  process.exit(4);
}, 5);
setTimeout(() => console.log('second timer never runs'), 30);
console.log('scheduled');
