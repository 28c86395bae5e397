console.log('before');
function fail() {
  throw new Error('boom');
}
fail();
console.log('never');
