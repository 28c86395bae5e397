const node = { name: 'root', children: [] };
node.children.push({ name: 'child', parent: node });
node.self = node;
console.log(node);
const list = [1];
list.push(list);
console.log(list);
