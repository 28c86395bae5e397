const { setTimeout: sleep } = require('timers/promises');
(async () => {
  const started = [];
  const value = await sleep(5, 'slept');
  started.push(value);
  await Promise.all([sleep(10).then(() => started.push('ten')), sleep(2).then(() => started.push('two'))]);
  console.log(started);
})();
