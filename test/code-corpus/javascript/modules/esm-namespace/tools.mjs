export const version = '1.0';
export function upper(text) { return text.toUpperCase(); }
export default 'the default';
