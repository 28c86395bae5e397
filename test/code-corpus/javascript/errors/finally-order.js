function run() {
  try {
    console.log('try');
    return 'from try';
  } finally {
    console.log('finally');
  }
}
console.log(run());
function nested() {
  try {
    throw new Error('first');
  } catch (error) {
    console.log('caught', error.message);
    throw new Error('second');
  } finally {
    console.log('cleanup');
  }
}
try {
  nested();
} catch (error) {
  console.log('outer caught', error.message);
}
