import { area, unit } from './shapes.ts';
import { type Shape } from './types.ts';
const shapes: Shape[] = [unit, { kind: 'circle', size: 2 }, { kind: 'square', size: 3 }];
console.log(shapes.map(area));
