const bare = Object.create(null);
bare.key = 'value';
console.log(bare);
console.log(Object.create(null));
console.log({ inner: bare });
