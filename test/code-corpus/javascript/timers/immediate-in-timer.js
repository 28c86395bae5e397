setTimeout(() => {
  setTimeout(() => console.log('timeout 0 inside timer'), 0);
  setImmediate(() => console.log('immediate inside timer'));
  Promise.resolve().then(() => console.log('promise inside timer'));
}, 5);
setImmediate((a, b) => console.log('immediate args', a, b), 'x', 'y');
