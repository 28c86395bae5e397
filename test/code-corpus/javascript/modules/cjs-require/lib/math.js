function add(a, b) { return a + b; }
function mean(values) { return values.reduce(add, 0) / values.length; }
module.exports = { add, mean };
