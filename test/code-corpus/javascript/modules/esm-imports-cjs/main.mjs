import legacy from './legacy.cjs';
import { sum, product } from './legacy.cjs';
import * as namespace from './legacy.cjs';
console.log(legacy.legacy, legacy.sum(1, 2), sum(3, 4), product(2, 5));
console.log(Object.keys(namespace).sort());
