setTimeout(() => console.log('timeout'), 0);
Promise.resolve().then(() => console.log('promise 1'));
queueMicrotask(() => console.log('microtask'));
Promise.resolve().then(() => console.log('promise 2')).then(() => console.log('promise 3'));
console.log('sync');
