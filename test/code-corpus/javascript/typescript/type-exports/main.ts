import { total, version, type Item } from './index.ts';
const items: Item[] = [{ id: 'a', count: 2 }, { id: 'b', count: 5 }];
console.log(total(items), version);
