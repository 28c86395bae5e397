import { check } from './check.mjs';
console.log(check(1));
console.log(check(-1));
