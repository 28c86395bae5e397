/** The longest tool name the kit accepts (`toolNamePattern` allows 64 characters). */
const maxNameLength = 64;

/**
 * The catalog name of an MCP tool: `<server>__<tool>`, made to match the kit's tool name pattern
 * (`^[a-zA-Z_][a-zA-Z0-9_-]{0,63}$`). Other characters become `_`; a name that starts with a digit
 * or `-` gets a leading `_`; a name over 64 characters is cut and ends with a short hash of the
 * full name, so two long names that share a beginning stay apart. The result is deterministic:
 * the same server and tool always give the same name (the browser remembers "approve always"
 * decisions by name).
 *
 * @example
 * ```ts
 * toMcpToolName('everything', 'get-sum'); // 'everything__get-sum'
 * toMcpToolName('my docs', 'pages.search'); // 'my_docs__pages_search'
 * ```
 */
export function toMcpToolName(server: string, tool: string): string {
  const full = `${server}__${tool}`;
  let name = full.replace(/[^a-zA-Z0-9_-]/g, '_');
  if (!/^[a-zA-Z_]/.test(name)) name = `_${name}`;
  return name.length <= maxNameLength ? name : withHashSuffix(name, full);
}

/**
 * Gives each tool a catalog name no other tool has. A name already taken (two tools that only
 * differ in characters replaced by `_`, for example `a.b` and `a_b`) gets a hash suffix of its
 * original spelling; the order of `tools` decides which one keeps the plain name.
 *
 * @example
 * ```ts
 * assignMcpToolNames([{ server: 's', tool: 'a.b' }, { server: 's', tool: 'a_b' }]);
 * // ['s__a_b', 's__a_b_<hash>']
 * ```
 */
export function assignMcpToolNames(tools: ReadonlyArray<{ server: string; tool: string }>, taken: ReadonlySet<string> = new Set()): string[] {
  const used = new Set(taken);
  return tools.map(({ server, tool }) => {
    const plain = toMcpToolName(server, tool);
    let name = used.has(plain) ? withHashSuffix(plain, `${server}__${tool}`) : plain;
    // A hash collision as well: count up until free (practically never happens).
    for (let attempt = 2; used.has(name); attempt += 1) name = withHashSuffix(plain, `${server}__${tool}#${attempt}`);
    used.add(name);
    return name;
  });
}

function withHashSuffix(name: string, original: string): string {
  const suffix = `_${shortHash(original)}`;
  return `${name.slice(0, maxNameLength - suffix.length)}${suffix}`;
}

/**
 * FNV-1a (32 bits) in base 36: stable across processes and runtimes, and small. It only has to
 * tell names apart, not resist an attacker, and it needs no `node:crypto` (edge runtimes).
 */
function shortHash(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return hash.toString(36).padStart(7, '0');
}
