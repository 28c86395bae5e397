console.log(new String('boxed'), new Number(5), new Boolean(false));
console.log([Object(1n), Object(Symbol('s'))]);
console.log({ s: new String('in object') });
