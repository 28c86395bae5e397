module.exports = 'two';
