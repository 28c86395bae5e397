const resolved = Promise.resolve({ value: 1 });
const rejected = Promise.reject(new Error('no'));
rejected.catch(() => {});
console.log(resolved, new Promise(() => {}));
setTimeout(() => console.log([resolved]), 1);
