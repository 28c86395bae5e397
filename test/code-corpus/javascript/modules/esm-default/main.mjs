import Shape, { kinds } from './shape.mjs';
for (const kind of kinds) console.log(new Shape(kind).describe());
console.log(typeof Shape, Shape.name);
