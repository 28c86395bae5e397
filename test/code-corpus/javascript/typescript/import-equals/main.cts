import path = require('path');
import helper = require('./helper.cjs');
console.log(path.join('a', 'b'), helper.name);
