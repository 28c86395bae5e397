export const PI = 3.14159;
export function area(radius) {
  return PI * radius * radius;
}
export class Vector {
  constructor(x, y) { this.x = x; this.y = y; }
  length() { return Math.hypot(this.x, this.y); }
}
