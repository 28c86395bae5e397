module.exports = {
  value: 1,,
};
