interface User {
  id: number;
  name: string;
  email?: string;
}
function pluck<T, K extends keyof T>(items: T[], key: K): T[K][] {
  return items.map((item) => item[key]);
}
const users: User[] = [
  { id: 1, name: 'Ada' },
  { id: 2, name: 'Linus', email: 'l@example.com' },
];
console.log(pluck(users, 'name'));
console.log(pluck<User, 'id'>(users, 'id').reduce((a: number, b: number) => a + b, 0));
const byId: Record<number, User> = Object.fromEntries(users.map((user) => [user.id, user]));
console.log(byId[2]);
