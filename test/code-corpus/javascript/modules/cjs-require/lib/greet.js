exports.greet = (name) => `hello, ${name}`;
exports.shout = (name) => exports.greet(name).toUpperCase();
