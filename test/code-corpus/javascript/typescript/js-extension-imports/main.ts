import { money } from './format.js';
const prices: Array<number> = [199, 2500, 5];
console.log(prices.map((price) => money(price)));
console.log(money(100, 'USD'));
