import { describe, expect, it } from 'vitest';
import { findModuleSpecifiers } from './module-specifiers';

const specifiers = (source: string) => findModuleSpecifiers(source).map((found) => found.specifier);

describe('findModuleSpecifiers', () => {
  it('finds static, side-effect, re-export and dynamic imports, with their lines', () => {
    const source = [
      "import a, { b as c } from './a.js';",
      "import * as d from '../d';",
      "import './side.css';",
      "export { e } from '/e.ts';",
      "export * from './f'",
      "const g = await import('./g.js');",
      'import h from "react";',
      "export { local };",
      "import i from './i'",
    ].join('\n');
    expect(findModuleSpecifiers(source).map(({ specifier, line }) => [specifier, line])).toEqual([
      ['./a.js', 1],
      ['../d', 2],
      ['./side.css', 3],
      ['/e.ts', 4],
      ['./f', 5],
      ['./g.js', 6],
      ['react', 7],
      ['./i', 9],
    ]);
  });

  it('is not fooled by strings, comments, templates, regular expressions and properties', () => {
    const source = [
      "const text = \"import x from './no-string'\";",
      "// import y from './no-comment'",
      "/* export * from './no-block' */",
      "const template = `import z from './no-template' ${ `${'nested'}` } import('./no-too')`;",
      "const pattern = /import a from '.\\/no-regex'/;",
      "object.import('./no-property');",
      "const ratio = total / 2; import w from './yes.js';",
    ].join('\n');
    expect(specifiers(source)).toEqual(['./yes.js']);
  });

  it('leaves import.meta and computed imports alone', () => {
    expect(specifiers("const url = import.meta.url; import(name); import(`./${name}.js`);")).toEqual([]);
  });
});
