module.exports = { triple: (value) => value * 3 };
