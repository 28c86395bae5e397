const log = [];
const target = { a: 1 };
const proxy = new Proxy(target, {
  get(object, key, receiver) {
    log.push(`get ${String(key)}`);
    return Reflect.get(object, key, receiver) ?? `default ${String(key)}`;
  },
  set(object, key, value) {
    log.push(`set ${String(key)}=${value}`);
    return Reflect.set(object, key, value * 2);
  },
  has(object, key) {
    return key.startsWith('a');
  },
});
proxy.b = 5;
console.log(proxy.a, proxy.b, proxy.zzz, 'apple' in proxy, 'b' in proxy);
console.log(log);
console.log(Reflect.ownKeys({ x: 1, [Symbol('s')]: 2 }).length, Reflect.has({ y: 1 }, 'y'));
const frozen = Object.freeze({ k: 1 });
console.log(Reflect.set(frozen, 'k', 2), Object.isFrozen(frozen));
