const routes = {
  home: '/',
  about: '/about',
} as const satisfies Record<string, string>;
type Route = keyof typeof routes;
const names: Route[] = Object.keys(routes) as Route[];
console.log(names, routes.about);
let maybe: string | undefined = 'value';
console.log(maybe!.length, <number>(<unknown>'5') + 1);
const tuple = [1, 'two'] as [number, string];
console.log(tuple);
