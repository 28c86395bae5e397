exports.legacy = true;
exports.sum = (a, b) => a + b;
module.exports.product = (a, b) => a * b;
