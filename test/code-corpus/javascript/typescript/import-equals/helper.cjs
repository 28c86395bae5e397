module.exports = { name: 'helper' };
