const error = new Error('shown');
console.log(String(error), `${error.name}: ${error.message}`);
console.log(Object.prototype.toString.call(error), Object.prototype.toString.call([]), Object.prototype.toString.call(null));
console.log(typeof error.stack, error.stack.split('\n')[0]);
