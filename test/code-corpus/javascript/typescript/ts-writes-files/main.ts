import { writeFileSync, readFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';
type Task = { id: number; title: string; done: boolean };
const tasks: Task[] = [
  { id: 1, title: 'write', done: true },
  { id: 2, title: 'test', done: false },
];
mkdirSync('out', { recursive: true });
const file = join('out', 'tasks.json');
writeFileSync(file, JSON.stringify(tasks, null, 2));
const loaded = JSON.parse(readFileSync(file, 'utf8')) as Task[];
console.log(loaded.filter((task) => !task.done).map((task) => task.title));
