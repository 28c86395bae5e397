const format = require('./format');
console.log(format('x'), format.name, format.where);
console.log(typeof module, typeof exports, module.exports === exports);
