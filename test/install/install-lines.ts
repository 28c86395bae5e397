/**
 * The install lines of the docs' install page, and the checks on what they install: read by
 * test/install/docs-install-lines.install.test.ts (npm run test:install), which pastes each line into
 * a fresh folder on Node 20 and Node 22. Pure functions, unit-tested in install-lines.test.ts.
 */

/** What a block of install lines is for; each has its own probe in test/install/probes/. */
export type InstallUse = 'browser' | 'backend' | 'ai-sdk' | 'ag-ui' | 'sessions';

export interface InstallBlock {
  /** The bold label the page puts before the block, e.g. "Browser only". */
  label: string;
  use: InstallUse;
  /** 1-based line of the block's first command in the page. */
  line: number;
  /** The block's commands, verbatim. */
  commands: string[];
}

const uses: Array<[RegExp, InstallUse]> = [
  [/useChat|AI SDK/i, 'ai-sdk'],
  [/AG-UI/i, 'ag-ui'],
  [/Postgres|PGlite|sessions/i, 'sessions'],
  [/backend|server/i, 'backend'],
  [/browser/i, 'browser'],
];

/** The use a block's label names, or `undefined` for a label no probe covers. */
export function labelledUse(label: string): InstallUse | undefined {
  return uses.find(([pattern]) => pattern.test(label))?.[1];
}

const installCommand = /^npm (i|install)(\s|$)/;

/**
 * Every ```sh / ```bash / ```shell block of the page whose commands include `npm i` / `npm install`,
 * with the bold label before it. A block whose label names no known use throws: a new install line
 * must come with a probe.
 */
export function installBlocks(markdown: string): InstallBlock[] {
  const blocks: InstallBlock[] = [];
  const lines = markdown.split('\n');
  let label = '';
  for (let index = 0; index < lines.length; index++) {
    const bold = /^\*\*(.+?)\*\*/.exec(lines[index]!);
    if (bold) label = bold[1]!;
    const open = /^(`{3,}|~{3,})\s*(sh|bash|shell)\s*$/.exec(lines[index]!);
    if (!open) continue;
    const commands: string[] = [];
    let end = index + 1;
    while (end < lines.length && !lines[end]!.startsWith(open[1]!)) {
      const command = lines[end]!.trim();
      if (command !== '' && !command.startsWith('#')) commands.push(command);
      end++;
    }
    if (commands.some((command) => installCommand.test(command))) {
      const use = labelledUse(label);
      if (!use) throw new Error(`install page line ${index + 2}: the block after "${label}" names no use with a probe (test/install/install-lines.ts)`);
      blocks.push({ label, use, line: index + 2, commands });
    }
    index = end;
  }
  return blocks;
}

/** The command with the package name `react-agent-kit` (not its subpaths) replaced by the packed tarball. */
export function withTarball(command: string, tarball: string): string {
  return command.replace(/(^|\s)react-agent-kit(?=\s|$|;|&)/g, `$1${tarball}`);
}

/** Whether `version` satisfies a range of `^x.y.z` alternatives (`^18.2.0 || ^19.0.0`), the form of the kit's peers. */
export function satisfies(version: string, range: string): boolean {
  const [major, minor, patch] = version.split(/[.+-]/).map(Number) as [number, number, number];
  return range.split('||').some((alternative) => {
    const match = /^\s*\^(\d+)(?:\.(\d+))?(?:\.(\d+))?\s*$/.exec(alternative);
    if (!match) throw new Error(`unsupported range ${alternative}`);
    const [low0, low1, low2] = [Number(match[1]), Number(match[2] ?? 0), Number(match[3] ?? 0)];
    const atLeast = major > low0 || (major === low0 && (minor > low1 || (minor === low1 && patch >= low2)));
    // ^0.y.z allows only 0.y.*; ^x.y.z (x > 0) allows x.*.
    return atLeast && major === low0 && (low0 > 0 || minor === low1);
  });
}

/** A node of `npm ls --all --json`. */
export interface NpmTree {
  version?: string;
  dependencies?: Record<string, NpmTree>;
}

/** Every installed copy of every package named in `peers` whose version is outside the kit's range, as "name@version at path". */
export function peerMismatches(tree: NpmTree, peers: Record<string, string>): string[] {
  const found: string[] = [];
  const visit = (node: NpmTree, path: string[]): void => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      const at = [...path, name];
      if (name in peers && child.version && !satisfies(child.version, peers[name]!)) {
        found.push(`${name}@${child.version} at ${at.join(' > ')} (the kit needs ${peers[name]})`);
      }
      visit(child, at);
    }
  };
  visit(tree, []);
  return found;
}

/** The installed versions of the named packages, every copy (`ai: ['7.0.173']`). */
export function installedVersions(tree: NpmTree, names: string[]): Record<string, string[]> {
  const versions: Record<string, Set<string>> = {};
  const visit = (node: NpmTree): void => {
    for (const [name, child] of Object.entries(node.dependencies ?? {})) {
      if (names.includes(name) && child.version) (versions[name] ??= new Set()).add(child.version);
      visit(child);
    }
  };
  visit(tree);
  return Object.fromEntries(Object.entries(versions).map(([name, set]) => [name, [...set].sort()]));
}
