try {
  try {
    throw new TypeError('inner problem');
  } catch (inner) {
    throw new Error('outer problem', { cause: inner });
  }
} catch (error) {
  console.log(error.message, '<-', error.cause.message, error.cause instanceof TypeError);
}
const aggregate = new AggregateError([new Error('a'), new Error('b')], 'many');
console.log(aggregate.name, aggregate.errors.length, aggregate.message);
Promise.any([Promise.reject(new Error('x')), Promise.reject(new Error('y'))]).catch((error) => console.log(error.constructor.name, error.errors.map((e) => e.message)));
