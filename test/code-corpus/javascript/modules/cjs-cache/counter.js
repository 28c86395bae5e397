let loads = (globalThis.loads || 0) + 1;
globalThis.loads = loads;
let count = 0;
module.exports = { next: () => ++count, loads };
