const order = [];
setTimeout(() => order.push('timeout A'), 0);
Promise.resolve().then(() => {
  order.push('microtask');
  setTimeout(() => order.push('timeout from microtask'), 0);
});
setTimeout(() => {
  order.push('timeout B');
  Promise.resolve().then(() => order.push('microtask in B'));
}, 0);
setTimeout(() => console.log(order.join(' | ')), 20);
