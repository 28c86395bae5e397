import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import type { Plugin } from 'vite';

/** A package whose code the build copied into dist/. */
interface BundledPackage {
  name: string;
  version: string;
  license: string;
  text: string;
}

const marker = `${sep}node_modules${sep}`;

/** The package.json directory a module of node_modules belongs to (scoped names included). */
function packageRoot(id: string): string | null {
  const at = id.lastIndexOf(marker);
  if (at < 0) return null;
  const rest = id.slice(at + marker.length).split(sep);
  const depth = rest[0]?.startsWith('@') ? 2 : 1;
  return id.slice(0, at + marker.length) + rest.slice(0, depth).join(sep);
}

function readPackage(root: string): BundledPackage {
  const manifest = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { name: string; version: string; license?: string };
  const file = readdirSync(root).find((name) => /^(licen[cs]e|copying)(\.(md|txt))?$/i.test(name));
  if (file === undefined) throw new Error(`${manifest.name} is bundled into dist/ but has no license file to reproduce; add its notice by hand or keep it external.`);
  return { name: manifest.name, version: manifest.version, license: manifest.license ?? 'see the text', text: readFileSync(join(root, file), 'utf8').trim() };
}

/**
 * Packages the build copies into dist/ (rather than leaving them to the app's install) ship
 * their own code, so their licenses must ship with it: this writes `dist/THIRD-PARTY-NOTICES.md`
 * with each bundled package's name, version, license and license text, from the modules the
 * build actually included. A bundled package without a license file fails the build.
 */
export function thirdPartyNotices(): Plugin {
  return {
    name: 'react-agent-kit:third-party-notices',
    generateBundle() {
      const roots = new Set<string>();
      for (const id of this.getModuleIds()) {
        if (!this.getModuleInfo(id)?.code) continue;
        const root = packageRoot(id.split('?')[0] ?? id);
        if (root !== null && existsSync(join(root, 'package.json'))) roots.add(root);
      }
      const packages = [...roots].map(readPackage).sort((a, b) => a.name.localeCompare(b.name));
      const sections = packages.map((bundled) => `## ${bundled.name} ${bundled.version} (${bundled.license})\n\n\`\`\`\n${bundled.text}\n\`\`\``);
      const intro = '# Third-party notices\n\nThe files in this directory include code from the packages below, each under its own license.';
      this.emitFile({ type: 'asset', fileName: 'THIRD-PARTY-NOTICES.md', source: `${[intro, ...sections].join('\n\n')}\n` });
    },
  };
}

