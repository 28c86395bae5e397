import { b } from './b.mjs';
export const a = 'a';
export function useB() { return `a sees ${b}`; }
