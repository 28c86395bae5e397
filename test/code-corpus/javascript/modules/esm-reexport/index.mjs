export * from './inner.mjs';
export { default as innerDefault, one as uno } from './inner.mjs';
export const three = 3;
