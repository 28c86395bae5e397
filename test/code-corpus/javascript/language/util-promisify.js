const util = require('util');
function legacy(value, callback) {
  setTimeout(() => (value < 0 ? callback(new Error('negative')) : callback(null, value * 2)), 1);
}
const modern = util.promisify(legacy);
(async () => {
  console.log(await modern(21));
  await modern(-1).catch((error) => console.log('rejected:', error.message));
  console.log(util.isDeepStrictEqual({ a: [1] }, { a: [1] }), util.isDeepStrictEqual([1], ['1']));
  console.log(util.types.isPromise(modern(1)), util.types.isDate(new Date()), util.inspect.custom !== undefined);
  const deprecated = util.deprecate ? 'has deprecate' : 'no deprecate';
  console.log(deprecated, typeof util.inherits);
})();
