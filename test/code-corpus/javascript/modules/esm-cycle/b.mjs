import { useB } from './a.mjs';
export const b = 'b';
export function callA() { return useB(); }
