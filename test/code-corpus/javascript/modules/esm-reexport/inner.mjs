export const one = 1; export const two = 2; export default 'inner default';
