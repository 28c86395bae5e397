import type { Shape, Area } from './types.ts';
export function area(shape: Shape): Area {
  return shape.kind === 'circle' ? Math.round(Math.PI * shape.size ** 2) : shape.size ** 2;
}
export const unit: Shape = { kind: 'square', size: 1 };
