import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { defineConfig, type DefaultTheme } from 'vitepress';

/**
 * The documentation site: `npm run docs` serves it, `npm run docs:build` builds it into
 * docs/.vitepress/dist. Local search (no external service), no external requests (no web fonts,
 * no analytics). Dead links between pages fail the build; docs/check-links.mjs checks #anchors.
 */
const apiDirectory = join(import.meta.dirname, '../reference/api');

/** The API pages typedoc generated (npm run docs:api), one per entry, in the order of package.json's exports. */
function apiItems(): DefaultTheme.SidebarItem[] {
  if (!existsSync(apiDirectory)) return [];
  return readdirSync(apiDirectory)
    .filter((name) => /^react-agent-kit(\.[a-z-]+)?\.md$/.test(name))
    .map((name) => name.replace(/\.md$/, ''))
    .map((page) => ({ text: page.replace('.', '/'), link: `/reference/api/${page}` }));
}

type MarkdownIt = Parameters<NonNullable<NonNullable<Parameters<typeof defineConfig>[0]['markdown']>['config']>>[0];

/**
 * Lines before `// ---cut---` in a code block are compiled by the sample check but not shown; and
 * inline code is not a Vue template (`{{ height: '100vh' }}` in backticks stays text).
 */
function markdownRules(md: MarkdownIt) {
  const inlineCode = md.renderer.rules.code_inline!;
  md.renderer.rules.code_inline = (...args) => inlineCode(...args).replace('<code', '<code v-pre');
  md.core.ruler.push('hide-sample-context', (state) => {
    for (const token of state.tokens) {
      if (token.type !== 'fence') continue;
      const cut = token.content.indexOf('// ---cut---\n');
      if (cut >= 0) token.content = token.content.slice(cut + '// ---cut---\n'.length);
    }
  });
}

export default defineConfig({
  title: 'react-agent-kit',
  description: 'A browser-first agent runtime with React hooks and a UI kit.',
  cleanUrls: true,
  lastUpdated: false,
  srcExclude: ['check-*.mjs', '**/README.md', 'examples/**/*.tsx', 'examples/**/*.ts'],
  markdown: { config: markdownRules },
  themeConfig: {
    search: { provider: 'local' },
    outline: [2, 3],
    nav: [
      { text: 'Getting started', link: '/getting-started/quick-start' },
      { text: 'Guides', link: '/guides/drop-in-chat' },
      { text: 'Reference', link: '/reference/' },
      { text: 'Examples', link: '/examples/' },
      { text: 'Troubleshooting', link: '/troubleshooting' },
    ],
    sidebar: [
      {
        text: 'Getting started',
        items: [
          { text: 'Install', link: '/getting-started/install' },
          { text: 'Quick start', link: '/getting-started/quick-start' },
          { text: 'With a backend', link: '/getting-started/with-a-backend' },
          { text: 'With the AI SDK', link: '/getting-started/with-the-ai-sdk' },
          { text: 'With an AG-UI agent', link: '/getting-started/with-an-ag-ui-agent' },
        ],
      },
      {
        text: 'Guides',
        items: [
          { text: 'Drop in the chat', link: '/guides/drop-in-chat' },
          { text: 'A real model, the key on a server', link: '/guides/real-model-on-a-server' },
          { text: 'Your own UI from hooks', link: '/guides/custom-ui-with-hooks' },
          { text: 'Tools and approvals', link: '/guides/tools-and-approvals' },
          { text: 'Tool views', link: '/guides/tool-views' },
          { text: 'Questions', link: '/guides/questions' },
          { text: 'The sandbox and the shell', link: '/guides/sandbox-and-shell' },
          { text: 'Code that runs', link: '/guides/code-in-the-sandbox' },
          { text: 'Sessions', link: '/guides/sessions' },
          { text: 'Versions and the queue', link: '/guides/branches-and-queue' },
          { text: 'Sessions on Postgres', link: '/guides/server-sessions-postgres' },
          { text: 'Context and compaction', link: '/guides/context-and-compaction' },
          { text: 'Limits, hooks and events', link: '/guides/limits-and-hooks' },
          { text: 'Sub-agents and plans', link: '/guides/sub-agents-and-plans' },
          { text: 'Attachments', link: '/guides/attachments' },
          { text: 'Voice', link: '/guides/voice' },
          { text: 'Suggestions', link: '/guides/suggestions' },
          { text: 'Feedback and timing', link: '/guides/feedback-and-timing' },
          { text: 'Theming and languages', link: '/guides/theming-and-i18n' },
          { text: 'MCP tools and MCP Apps', link: '/guides/mcp' },
          { text: 'The agent behind AG-UI', link: '/guides/ag-ui-handler' },
          { text: 'Testing your app', link: '/guides/testing-your-app' },
          { text: 'Performance at scale', link: '/guides/performance-at-scale' },
          { text: 'Security model', link: '/guides/security-model' },
          { text: 'The playground', link: '/guides/playground' },
        ],
      },
      {
        text: 'Reference',
        items: [
          { text: 'Overview', link: '/reference/' },
          { text: 'Every export', link: '/reference/exports' },
          { text: 'Messages and parts', link: '/reference/message-parts' },
          { text: 'Events', link: '/reference/events' },
          { text: 'Glossary', link: '/reference/glossary' },
          { text: 'API', collapsed: true, items: apiItems() },
        ],
      },
      { text: 'Examples', link: '/examples/' },
      { text: 'Troubleshooting', link: '/troubleshooting' },
    ],
  },
});
