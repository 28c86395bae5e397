/**
 * The render benchmark's byte counts (issue 29): what each page loads up front and later, read from
 * the output of the one Vite build that the benchmark serves. React and the harness are built into
 * chunks of their own (`sharedChunks`, rolldown `codeSplitting` groups) and left out of every page.
 */
import { relative, sep } from 'node:path';
import { gzipSync } from 'node:zlib';

const gzipLevel = 9;

/** Chunks left out of every page's up-front bytes: React (an app has it anyway) and the benchmark's own harness. */
export const sharedChunks = {
  react: /[\\/]node_modules[\\/](react|react-dom|scheduler)[\\/]/,
  'bench-harness': /[\\/]bench[\\/]render[\\/]pages[\\/](harness-core|content|token-source)\.ts$/,
};

const gzipSize = (code) => gzipSync(Buffer.from(code), { level: gzipLevel }).length;

/** A chunk's name for people: its main module's path under bench/render/pages, src/ or node_modules. */
function chunkLabel(chunk, repository) {
  const largest = Object.entries(chunk.modules).sort((a, b) => b[1].renderedLength - a[1].renderedLength)[0]?.[0];
  const id = (chunk.facadeModuleId ?? largest ?? chunk.fileName).replace(/^\0/, '').split('?')[0];
  const inModules = id.lastIndexOf(`${sep}node_modules${sep}`);
  if (inModules !== -1) return id.slice(inModules + 14);
  const local = relative(repository, id);
  return local.startsWith('..') ? chunk.name : local;
}

/**
 * Up-front and lazy bytes of `page` in a build `output`: the JS chunks in the static import closure
 * of its entry chunk (following `imports`), React's and the harness's chunks left out (listed in
 * `sharedLeftOut`), the chunks it can load later (reachable through `dynamicImports`) and the CSS
 * its up-front chunks import; gzip level 9. `repository` shortens the chunks' labels.
 */
export function pageBytes(output, page, repository) {
  const chunks = output.filter((item) => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const assets = new Map(output.filter((item) => item.type === 'asset').map((asset) => [asset.fileName, asset]));
  const shared = new Set(chunks.filter((chunk) => !chunk.isEntry && Object.hasOwn(sharedChunks, chunk.name)).map((chunk) => chunk.fileName));
  const closure = (start, follow) => {
    const seen = new Set();
    const pending = [...start];
    while (pending.length > 0) {
      const fileName = pending.pop();
      if (seen.has(fileName) || !byFile.has(fileName)) continue;
      seen.add(fileName);
      pending.push(...follow(byFile.get(fileName)));
    }
    return seen;
  };
  const describe = (fileName) => ({ file: fileName, label: chunkLabel(byFile.get(fileName), repository), gzipBytes: gzipSize(byFile.get(fileName).code), minifiedBytes: Buffer.byteLength(byFile.get(fileName).code) });
  const entry = chunks.find((chunk) => chunk.isEntry && chunk.name === page);
  if (entry === undefined) throw new Error(`The build has no entry chunk named ${page}.`);
  const upFront = closure([entry.fileName], (chunk) => chunk.imports);
  const everything = closure([entry.fileName], (chunk) => [...chunk.imports, ...chunk.dynamicImports]);
  const own = [...upFront].filter((fileName) => !shared.has(fileName)).map(describe);
  const lazy = [...everything].filter((fileName) => !upFront.has(fileName) && !shared.has(fileName)).map(describe).sort((a, b) => b.gzipBytes - a.gzipBytes);
  const css = [...upFront].flatMap((fileName) => [...(byFile.get(fileName).viteMetadata?.importedCss ?? [])]);
  return {
    upFrontGzipBytes: own.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    upFrontMinifiedBytes: own.reduce((sum, chunk) => sum + chunk.minifiedBytes, 0),
    upFront: own,
    lazyGzipBytes: lazy.reduce((sum, chunk) => sum + chunk.gzipBytes, 0),
    lazy,
    cssGzipBytes: [...new Set(css)].reduce((sum, fileName) => sum + (assets.has(fileName) ? gzipSize(assets.get(fileName).source) : 0), 0),
    sharedLeftOut: [...upFront].filter((fileName) => shared.has(fileName)).map(describe),
  };
}

