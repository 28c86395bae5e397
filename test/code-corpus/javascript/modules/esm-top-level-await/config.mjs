const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));
await wait(5);
export const config = { ready: true };
console.log('config loaded');
