import { one, two, three, uno, innerDefault } from './index.mjs';
import * as everything from './index.mjs';
console.log(one, two, three, uno, innerDefault);
console.log(Object.keys(everything).sort().join(','));
