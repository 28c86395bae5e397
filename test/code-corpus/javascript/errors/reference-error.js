console.log('start');
console.log(undefinedVariable + 1);
