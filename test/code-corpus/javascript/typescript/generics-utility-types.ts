type User = { id: number; name: string; email: string; admin?: boolean };
type PublicUser = Omit<User, 'email'>;
type Patch = Partial<Pick<User, 'name' | 'email'>>;
function apply<T extends object>(target: T, patch: Partial<T>): T {
  return { ...target, ...patch };
}
const user: User = { id: 1, name: 'Ann', email: 'a@example.com' };
const patch: Patch = { name: 'Anna' };
const updated = apply(user, patch);
const visible: PublicUser = { id: updated.id, name: updated.name };
console.log(updated, visible);
const lookup: Map<string, ReadonlyArray<number>> = new Map([['a', [1, 2]]]);
console.log(lookup.get('a')?.length, [...lookup.keys()]);
type Handler<E extends keyof HandlersMap> = (payload: HandlersMap[E]) => string;
interface HandlersMap { click: { x: number }; key: { code: string } }
const handlers: { [E in keyof HandlersMap]: Handler<E> } = {
  click: ({ x }) => `click at ${x}`,
  key: ({ code }) => `key ${code}`,
};
console.log(handlers.click({ x: 3 }), handlers.key({ code: 'Enter' }));
namespace Shapes {
  export interface Circle { radius: number }
  export type Kind = 'circle';
}
const circle: Shapes.Circle = { radius: 2 };
const kind: Shapes.Kind = 'circle';
console.log(kind, circle);
