module.exports = function format(value) {
  return `<${value}>`;
};
module.exports.where = require('path').basename(__filename) + ' in ' + (require('path').relative(process.cwd(), __dirname) || '.');
