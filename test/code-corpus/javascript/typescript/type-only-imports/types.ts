export interface Shape {
  kind: 'circle' | 'square';
  size: number;
}
export type Area = number;
