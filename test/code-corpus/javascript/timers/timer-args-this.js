setTimeout((a, b) => console.log('args', a, b), 1, 'first', 2);
const handle = setTimeout(() => {}, 1);
console.log(typeof handle.ref, typeof handle.unref, typeof handle.hasRef);
clearTimeout(handle);
