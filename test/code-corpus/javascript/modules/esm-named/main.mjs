import { PI, area, Vector as V } from './math.mjs';
console.log(PI, area(2).toFixed(3), new V(3, 4).length());
console.log(new V(1, 2));
