module.exports = { parts: [require('./part-one'), require('./part-two')] };
