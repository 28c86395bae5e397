export const modern = 'yes';
export default 'default export';
