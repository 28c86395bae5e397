console.log('lazy module evaluated');
export const value = 42;
export default function hello() { return 'hello from lazy'; }
