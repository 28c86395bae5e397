const log = [];
const a = Promise.resolve();
a.then(() => log.push('a1')).then(() => log.push('a2')).then(() => log.push('a3'));
a.then(() => log.push('b1')).then(() => log.push('b2'));
(async () => {
  log.push('async start');
  await null;
  log.push('async after 1');
  await new Promise((resolve) => resolve());
  log.push('async after 2');
})();
Promise.resolve().then(() => Promise.resolve('nested')).then((value) => log.push(value));
setTimeout(() => console.log(log.join(', ')), 0);
