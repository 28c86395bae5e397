export const double = (value: number): number => value * 2;
export default function label(value: number): string {
  return `#${value}`;
}
