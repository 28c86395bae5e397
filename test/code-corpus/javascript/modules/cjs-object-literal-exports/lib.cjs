function alpha() { return 'a'; }
const beta = 'b';
module.exports = { alpha, beta, gamma: beta };
