try {
  require('./does-not-exist');
} catch (error) {
  console.log(error.code);
}
try {
  require('left-pad');
} catch (error) {
  console.log(error.code);
}
console.log('still running');
