namespace Geometry {
  export const unit = 1;
  export function square(side: number): number {
    return side * side * unit;
  }
}
console.log(Geometry.square(4), Object.keys(Geometry));
