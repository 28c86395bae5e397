module.exports = 'one';
