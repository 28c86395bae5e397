import { count, increment } from './counter.mjs';
console.log(count);
increment();
increment();
console.log(count);
try {
  count = 10;
} catch (error) {
  console.log(error.name);
}
