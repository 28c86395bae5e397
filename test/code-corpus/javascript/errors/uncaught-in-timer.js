setTimeout(() => {
  throw new TypeError('thrown in a timer');
}, 5);
setTimeout(() => console.log('should not print'), 40);
console.log('timers set');
