/**
 * The glob matcher's machine: a pattern becomes a small nondeterministic automaton (Thompson's
 * construction) that a path runs through once, carrying the set of states it may be in. That is
 * O(path length × pattern size) whatever the pattern: `*a*a*a…b` or `**` repeated cannot make
 * it backtrack, because nothing is ever retried (a translation to a JavaScript RegExp could).
 */

/** One state. `step` states consume one code point; `split` states are free moves to both exits. */
type State =
  | { kind: 'step'; accepts: (codePoint: number) => boolean; next: number }
  | { kind: 'split'; first: number; second: number }
  | { kind: 'accept' };

/** A compiled pattern: its states, entered at `start`. */
export interface GlobAutomaton {
  readonly states: readonly State[];
  readonly start: number;
}

/** A piece of a parsed pattern. */
export type GlobNode =
  | { kind: 'code-point'; accepts: (codePoint: number) => boolean }
  /** `*`: any run of characters other than `/`. */
  | { kind: 'name-run' }
  /** `**` followed by `/`: any number of whole directories, each with its slash. */
  | { kind: 'directories' }
  /** A trailing `**`: anything at all. */
  | { kind: 'anything' }
  /** `{a,b}`: one of the sequences. */
  | { kind: 'alternatives'; branches: GlobNode[][] };

const slash = 0x2f;
const notSlash = (codePoint: number) => codePoint !== slash;
const anyCodePoint = () => true;

/**
 * Builds the automaton of a parsed pattern, last piece first, so that each piece knows the state
 * that follows it. The number of states is linear in the pattern's length.
 *
 * @example
 * ```ts
 * buildAutomaton([{ kind: "name-run" }]).states.length; // 3
 * ```
 */
export function buildAutomaton(sequence: readonly GlobNode[]): GlobAutomaton {
  const states: State[] = [{ kind: 'accept' }];
  const add = (state: State): number => states.push(state) - 1;
  // A loop: a split whose first exit runs `body` and comes back to it, whose second exit leaves.
  const loop = (next: number, body: (back: number) => number): number => {
    const split = add({ kind: 'split', first: -1, second: next });
    (states[split] as { first: number }).first = body(split);
    return split;
  };
  const compile = (nodes: readonly GlobNode[], next: number): number => {
    let entry = next;
    for (let index = nodes.length - 1; index >= 0; index--) entry = compileNode(nodes[index]!, entry);
    return entry;
  };
  const compileNode = (node: GlobNode, next: number): number => {
    switch (node.kind) {
      case 'code-point':
        return add({ kind: 'step', accepts: node.accepts, next });
      case 'name-run':
        return loop(next, (back) => add({ kind: 'step', accepts: notSlash, next: back }));
      case 'anything':
        return loop(next, (back) => add({ kind: 'step', accepts: anyCodePoint, next: back }));
      case 'directories':
        // (name-run "/")*: the inner run loops on itself, the slash goes back to the outer loop.
        return loop(next, (back) => compileNode({ kind: 'name-run' }, add({ kind: 'step', accepts: (codePoint) => codePoint === slash, next: back })));
      case 'alternatives': {
        const entries = node.branches.map((branch) => compile(branch, next));
        let entry = entries.at(-1)!;
        for (let index = entries.length - 2; index >= 0; index--) entry = add({ kind: 'split', first: entries[index]!, second: entry });
        return entry;
      }
    }
  };
  return { states, start: compile(sequence, 0) };
}

/** Positions kept per pattern before the memo starts over (each costs about half a kilobyte). */
const maxPositions = 256;
const unknown = -1;

/**
 * A matcher over an automaton that remembers, for each set of states it has been in (a
 * "position"), where each character leads: a deterministic automaton built on demand. The first
 * path pays O(pattern size) per character, like a plain simulation; after that, paths of the same
 * shapes cost one table lookup per character. The memo is capped, so a hostile pattern costs at
 * most the plain simulation, never more.
 *
 * @example
 * ```ts
 * const matches = createAutomatonMatcher(buildAutomaton([{ kind: 'name-run' }]));
 * matches('a.ts'); // true
 * ```
 */
export function createAutomatonMatcher(automaton: GlobAutomaton): (path: string) => boolean {
  const { states } = automaton;
  const seen = new Uint32Array(states.length);
  let generation = 0;
  // Per position: its `step` and `accept` states (sorted), whether it accepts, its moves.
  let members: number[][] = [];
  let accepting: boolean[] = [];
  let asciiMoves = new Int32Array(0); // set by `reset`
  let otherMoves: Array<Map<number, number>> = [];
  let byKey = new Map<string, number>();

  /** The position of the states reachable from `entries` by free moves. */
  const positionOf = (entries: readonly number[]): number => {
    generation++;
    const found: number[] = [];
    // An explicit stack: a long chain of splits (`{a,b,c,…}`) cannot overflow the call stack.
    const pending = [...entries];
    while (pending.length > 0) {
      const index = pending.pop()!;
      if (seen[index] === generation) continue;
      seen[index] = generation;
      const state = states[index]!;
      if (state.kind === 'split') pending.push(state.second, state.first);
      else found.push(index);
    }
    found.sort((left, right) => left - right);
    const key = found.join(',');
    const known = byKey.get(key);
    if (known !== undefined) return known;
    const position = members.length;
    members.push(found);
    accepting.push(found.includes(0));
    otherMoves.push(new Map());
    if ((position + 1) * 128 > asciiMoves.length) {
      const grown = new Int32Array(asciiMoves.length * 2).fill(unknown);
      grown.set(asciiMoves);
      asciiMoves = grown;
    }
    byKey.set(key, position);
    return position;
  };
  const move = (position: number, codePoint: number): number => {
    const targets: number[] = [];
    for (const index of members[position]!) {
      const state = states[index]!;
      if (state.kind === 'step' && state.accepts(codePoint)) targets.push(state.next);
    }
    return positionOf(targets);
  };
  const reset = (): number => {
    members = [];
    accepting = [];
    otherMoves = [];
    asciiMoves = new Int32Array(16 * 128).fill(unknown);
    byKey = new Map();
    // Position 0 is always the empty set (nothing can match any more), position 1 the start.
    positionOf([]);
    return positionOf([automaton.start]);
  };

  let start = reset();
  return (path) => {
    if (members.length > maxPositions) start = reset();
    let position = start;
    for (let offset = 0; offset < path.length; offset++) {
      let code = path.charCodeAt(offset);
      let next: number;
      if (code < 128) {
        next = asciiMoves[position * 128 + code]!;
        if (next === unknown) {
          // Computed before the store: `move` may replace the table with a larger one.
          next = move(position, code);
          asciiMoves[position * 128 + code] = next;
        }
      } else {
        if (code >= 0xd800 && code <= 0xdbff && offset + 1 < path.length) {
          code = path.codePointAt(offset)!;
          if (code > 0xffff) offset++;
        }
        const moves = otherMoves[position]!;
        next = moves.get(code) ?? unknown;
        if (next === unknown) moves.set(code, (next = move(position, code)));
      }
      if (next === 0) return false;
      position = next;
    }
    return accepting[position]!;
  };
}
