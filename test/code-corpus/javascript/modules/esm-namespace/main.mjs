import * as tools from './tools.mjs';
console.log(Object.keys(tools).sort());
console.log(tools.upper('abc'), tools.default, tools.version);
console.log(tools[Symbol.toStringTag]);
