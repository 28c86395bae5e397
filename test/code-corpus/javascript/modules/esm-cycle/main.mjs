import { callA } from './b.mjs';
import { a } from './a.mjs';
console.log(a, callA());
