import lib, { alpha, beta, gamma } from './lib.cjs';
console.log(alpha(), beta, gamma, Object.keys(lib));
