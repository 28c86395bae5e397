#!/usr/bin/env node
/**
 * Checks every link of the built docs site (docs/.vitepress/dist, from `npm run docs:build`): a link
 * to another page must name a page that exists, and a `#fragment` an id on that page. VitePress's
 * own check fails the build on a missing page; this one also catches a heading that was renamed
 * under a link to it. External links are listed with their count, not fetched (no network in CI).
 *
 * Usage: node docs/check-links.mjs [dist directory]
 */
import { existsSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');

function htmlFiles(directory) {
  return readdirSync(directory).flatMap((name) => {
    const path = join(directory, name);
    if (statSync(path).isDirectory()) return htmlFiles(path);
    return name.endsWith('.html') ? [path] : [];
  });
}

/** The built page a site path names (clean URLs: `/guides/x` is guides/x.html, `/reference/` reference/index.html). */
function pageFor(dist, path) {
  const clean = decodeURIComponent(path).replace(/^\//, '');
  const candidates = clean === '' || clean.endsWith('/') ? [join(dist, clean, 'index.html')] : [join(dist, `${clean}.html`), join(dist, clean, 'index.html'), join(dist, clean)];
  return candidates.find((candidate) => existsSync(candidate) && statSync(candidate).isFile());
}

/** Every broken link in `dist`, as `page: link (why)`, and the external links found. */
export function checkLinks(dist) {
  const ids = new Map();
  const idsOf = (file) => {
    if (!ids.has(file)) ids.set(file, new Set([...readFileSync(file, 'utf8').matchAll(/\sid="([^"]+)"/g)].map((match) => match[1])));
    return ids.get(file);
  };
  const broken = [];
  const external = new Map();
  for (const file of htmlFiles(dist)) {
    const html = readFileSync(file, 'utf8');
    // The page's own content only: the theme's navigation links are the config's, checked by the same rule.
    for (const [, href] of html.matchAll(/<a\s[^>]*href="([^"]*)"/g)) {
      if (/^(https?:|mailto:)/.test(href)) {
        external.set(href, (external.get(href) ?? 0) + 1);
        continue;
      }
      if (href.startsWith('/assets/') || /\.(png|svg|ico|txt|json)$/.test(href)) continue;
      const [path, fragment] = href.split('#');
      const sitePath = path === '' ? `/${relative(dist, file).replace(/(index)?\.html$/, '')}` : path.startsWith('/') ? path : `/${join(dirname(relative(dist, file)), path)}`;
      const target = pageFor(dist, sitePath);
      const where = relative(dist, file);
      if (!target) broken.push(`${where}: ${href} (no such page)`);
      else if (fragment && !idsOf(target).has(decodeURIComponent(fragment))) broken.push(`${where}: ${href} (no #${fragment} on ${relative(dist, target)})`);
    }
  }
  return { broken: [...new Set(broken)], external };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const dist = resolve(process.argv[2] ?? join(root, 'docs/.vitepress/dist'));
  if (!existsSync(dist)) {
    console.error(`docs links: ${dist} does not exist; run npm run docs:build first`);
    process.exit(1);
  }
  const { broken, external } = checkLinks(dist);
  console.log(`docs links: ${htmlFiles(dist).length} pages, ${external.size} external links (not fetched)`);
  if (broken.length > 0) {
    console.error(broken.join('\n'));
    console.error(`docs links: ${broken.length} broken`);
    process.exit(1);
  }
}
