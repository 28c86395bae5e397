/**
 * How a program's values print, inside QuickJS: `console.log` formats like Node's `util.format`
 * and `util.inspect` (the defaults: depth 2, 80 columns, arrays of more than six short entries in
 * columns, `[Circular *1]`), so a program's output reads as it would under `node`. The function is
 * sent to the runtime as source (`guestInspect.toString()`), so it is self-contained: it uses
 * nothing from outside its body and only the language's built-ins.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- guest code formats values of any kind */
/* eslint-disable no-control-regex -- control characters are what `quote` escapes */

/**
 * Defines `globalThis.__inspect(value)` and `globalThis.__format(...args)` in the guest.
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestInspect.toString()})()`);
 * ```
 */
export function guestInspect(): void {
  // Taken now: the runtime removes `__host` from the program's reach once it is set up.
  const promiseState: ((value: unknown) => [string, unknown]) | undefined = (globalThis as any).__host?.promiseState;
  const breakLength = 80;
  const maxArrayLength = 100;
  const identifier = /^[A-Za-z_$][\w$]*$/;

  function quote(text: string): string {
    const escaped = text.replace(/[\\\n\t\r\b\f\v\u0000-\u001f]/g, (character) => {
      const known: Record<string, string> = { '\\': '\\\\', '\n': '\\n', '\t': '\\t', '\r': '\\r', '\b': '\\b', '\f': '\\f', '\v': '\\v' };
      return known[character] ?? `\\x${character.charCodeAt(0).toString(16).toUpperCase().padStart(2, '0')}`;
    });
    if (!escaped.includes("'")) return `'${escaped}'`;
    if (!escaped.includes('"')) return `"${escaped}"`;
    if (!escaped.includes('`') && !escaped.includes('${')) return `\`${escaped}\``;
    return `'${escaped.replace(/'/g, "\\'")}'`;
  }

  function key(name: string | symbol): string {
    if (typeof name === 'symbol') return `[${name.toString()}]`;
    return identifier.test(name) ? name : quote(name);
  }

  function numberText(value: number): string {
    return Object.is(value, -0) ? '-0' : String(value);
  }

  function constructorName(value: object): string | undefined {
    const prototype = Object.getPrototypeOf(value);
    if (prototype === null) return '[Object: null prototype]';
    const name = prototype.constructor?.name;
    return typeof name === 'string' ? name : undefined;
  }

  function errorText(error: any): string {
    const header = error.message === '' ? String(error.name) : `${error.name}: ${error.message}`;
    const stack = typeof error.stack === 'string' ? error.stack.replace(/\n$/, '') : '';
    return stack === '' ? `[${header}]` : stack.startsWith(header) ? stack : `${header}\n${stack}`;
  }

  interface Context {
    seen: any[];
    circular: Map<any, number>;
    indentation: number;
    currentDepth: number;
    /** How deep objects are shown (`Infinity` for all). */
    depth: number;
    /** Node's `compact`: how many inner levels may share a line; `false` puts every entry on a line of its own. */
    compact: number | false;
    /** Shows an array's `[length]` (what `%o` asks for). */
    showHidden: boolean;
  }

  /** Text that stands in an entry's place as it is (`[Getter]`, `<1 empty item>`). */
  class Raw {
    constructor(public text: string) {}
  }
  const customInspect = Symbol.for('nodejs.util.inspect.custom');

  function groupArrayElements(context: Context, output: string[], value: any[] | undefined): string[] {
    let totalLength = 0;
    let maxLength = 0;
    const outputLength = output.length > maxArrayLength ? output.length - 1 : output.length;
    const separatorSpace = 2;
    const lengths: number[] = [];
    for (let index = 0; index < outputLength; index++) {
      const length = output[index]!.length;
      lengths.push(length);
      totalLength += length + separatorSpace;
      if (maxLength < length) maxLength = length;
    }
    const actualMax = maxLength + separatorSpace;
    if (actualMax * 3 + context.indentation < breakLength && (totalLength / actualMax > 5 || maxLength <= 6)) {
      const averageBias = Math.sqrt(actualMax - totalLength / output.length);
      const biasedMax = Math.max(actualMax - 3 - averageBias, 1);
      const columns = Math.min(Math.round(Math.sqrt(2.5 * biasedMax * outputLength) / biasedMax), Math.floor((breakLength - context.indentation) / actualMax), 3 * 4, 15);
      if (columns <= 1) return output;
      const maxLineLength: number[] = [];
      for (let column = 0; column < columns; column++) {
        let lineLength = 0;
        for (let index = column; index < output.length; index += columns) if (lengths[index]! > lineLength) lineLength = lengths[index]!;
        maxLineLength.push(lineLength + separatorSpace);
      }
      const numbers = value !== undefined && value.every((entry) => typeof entry === 'number' || typeof entry === 'bigint');
      const grouped: string[] = [];
      for (let start = 0; start < outputLength; start += columns) {
        const end = Math.min(start + columns, outputLength);
        let line = '';
        let index = start;
        for (; index < end - 1; index++) {
          const cell = `${output[index]}, `;
          line += numbers ? cell.padStart(maxLineLength[index - start]!, ' ') : cell.padEnd(maxLineLength[index - start]!, ' ');
        }
        line += numbers ? output[index]!.padStart(maxLineLength[index - start]! - separatorSpace, ' ') : output[index]!;
        grouped.push(line);
      }
      if (output.length > maxArrayLength) grouped.push(output[outputLength]!);
      return grouped;
    }
    return output;
  }

  function join(context: Context, output: string[], base: string, braces: [string, string], depth: number, isArray: boolean, value: any): string {
    const entries = output.length;
    if (context.compact !== false && isArray && entries > 6) output = groupArrayElements(context, output, value);
    if (context.compact !== false && context.currentDepth - depth < context.compact && entries === output.length) {
      const start = output.length + context.indentation + braces[0].length + base.length + 10;
      const total = output.reduce((sum, entry) => sum + entry.length, start + output.length);
      if (total <= breakLength && !base.includes('\n')) {
        const joined = output.join(', ');
        if (!joined.includes('\n')) return `${base ? `${base} ` : ''}${braces[0]} ${joined} ${braces[1]}`;
      }
    }
    const indentation = `\n${' '.repeat(context.indentation)}`;
    return `${base ? `${base} ` : ''}${braces[0]}${indentation}  ${output.join(`,${indentation}  `)}${indentation}${braces[1]}`;
  }

  function formatValue(context: Context, value: any, depth: number, nested: boolean): string {
    switch (typeof value) {
      case 'string':
        return nested ? quote(value) : value;
      case 'number':
        return numberText(value);
      case 'bigint':
        return `${value}n`;
      case 'boolean':
      case 'undefined':
        return String(value);
      case 'symbol':
        return value.toString();
      case 'function': {
        const source = Function.prototype.toString.call(value);
        const constructor = value.constructor?.name;
        const kind = source.startsWith('class') ? 'class' : ['AsyncFunction', 'GeneratorFunction', 'AsyncGeneratorFunction'].includes(constructor) ? constructor : 'Function';
        const keys = Object.keys(value);
        const separator = kind === 'class' ? ' ' : ': ';
        const parent = Object.getPrototypeOf(value);
        const extended = kind === 'class' && typeof parent === 'function' && parent !== Function.prototype && parent.name ? ` extends ${parent.name}` : '';
        const head = value.name ? `[${kind}${separator}${value.name}${extended}]` : `[${kind} (anonymous)${extended}]`;
        if (keys.length === 0 || depth > context.depth) return head;
        return formatObject(context, value, depth, head, keys);
      }
    }
    if (value === null) return 'null';
    return formatObject(context, value, depth, undefined, undefined);
  }

  function formatObject(context: Context, value: any, depth: number, functionHead: string | undefined, functionKeys: string[] | undefined): string {
    const custom = functionHead === undefined ? value[customInspect] : undefined;
    if (typeof custom === 'function') {
      const result = custom.call(value, context.depth - depth, { depth: context.depth - depth }, inspect);
      if (result !== value) return typeof result === 'string' ? result : formatValue(context, result, depth, true);
    }
    if (context.seen.includes(value)) {
      let index = context.circular.get(value);
      if (index === undefined) {
        index = context.circular.size + 1;
        context.circular.set(value, index);
      }
      return `[Circular *${index}]`;
    }
    const name = constructorName(value);
    if (value instanceof Date) return Number.isNaN(value.getTime()) ? 'Invalid Date' : value.toISOString();
    for (const [Boxed, label] of [[String, 'String'], [Number, 'Number'], [Boolean, 'Boolean'], [BigInt, 'BigInt'], [Symbol, 'Symbol']] as const) {
      if (value instanceof (Boxed as any)) {
        const primitive = (Boxed as any).prototype.valueOf.call(value);
        const shown = typeof primitive === 'string' ? quote(primitive) : typeof primitive === 'bigint' ? `${primitive}n` : typeof primitive === 'symbol' ? primitive.toString() : numberText(primitive);
        return `[${label}: ${shown}]`;
      }
    }
    if (value instanceof RegExp) return String(value);
    if (value instanceof Error && functionHead === undefined) {
      const extra = Object.keys(value).filter((entry) => entry !== 'stack' && entry !== 'message');
      const text = errorText(value);
      if (extra.length === 0 || depth > context.depth) return text;
      return formatEntries(context, value, depth, text, ['{', '}'], extra.map((entry) => [entry, (value as any)[entry]] as const), false);
    }
    // Empty values print as they are at any depth; past the depth, others print as their kind.
    const empty = Array.isArray(value) ? value.length === 0 && Object.keys(value).length === 0 : value instanceof Map || value instanceof Set ? value.size === 0 : !ArrayBuffer.isView(value) && !(value instanceof ArrayBuffer) && !(value instanceof WeakMap) && !(value instanceof WeakSet) && !(value instanceof Promise) && Object.keys(value).length === 0 && ownSymbols(value).length === 0;
    if (depth > context.depth && !empty) return Array.isArray(value) ? '[Array]' : `[${name && !name.startsWith('[') ? name : 'Object'}]`;
    if (Array.isArray(value)) {
      const items: (readonly [string | undefined, any])[] = [];
      let shown = 0;
      for (let index = 0; index < value.length && shown < maxArrayLength; shown++) {
        if (Object.prototype.hasOwnProperty.call(value, index)) {
          items.push([undefined, value[index]]);
          index++;
          continue;
        }
        let holes = 0;
        while (index < value.length && !Object.prototype.hasOwnProperty.call(value, index)) {
          holes++;
          index++;
        }
        items.push([undefined, new Raw(`<${holes} empty item${holes > 1 ? 's' : ''}>`)]);
      }
      const more = value.length - items.reduce((sum, [, entry]) => sum + (entry instanceof Raw ? Number(/\d+/.exec(entry.text)![0]) : 1), 0);
      if (context.showHidden) items.push(['[length]', value.length]);
      const extraKeys = Object.keys(value).filter((entry) => !/^\d+$/.test(entry));
      for (const entry of extraKeys) items.push([entry, (value as any)[entry]]);
      const prefix = name === 'Array' ? '' : `${name}(${value.length})`;
      return formatEntries(context, value, depth, prefix, ['[', ']'], items, true, more);
    }
    if (value instanceof WeakMap || value instanceof WeakSet) return `${name} { <items unknown> }`;
    if (value instanceof ArrayBuffer) {
      const bytes = Array.from(new Uint8Array(value).slice(0, 50), (byte) => byte.toString(16).padStart(2, '0')).join(' ');
      return formatEntries(context, value, depth, name ?? 'ArrayBuffer', ['{', '}'], [['[Uint8Contents]', new Raw(`<${bytes}${value.byteLength > 50 ? ` ... ${value.byteLength - 50} more bytes` : ''}>`)], ['byteLength', value.byteLength]], false);
    }
    if (value instanceof Map) {
      const items = [...value].map(([entryKey, entryValue]) => [undefined, { __mapEntry: true, entryKey, entryValue }] as const);
      return formatEntries(context, value, depth, `${name}(${value.size})`, ['{', '}'], items, false);
    }
    if (value instanceof Set) {
      const items = [...value].map((entry) => [undefined, entry] as const);
      return formatEntries(context, value, depth, `${name}(${value.size})`, ['{', '}'], items, true);
    }
    if (ArrayBuffer.isView(value) && !(value instanceof DataView)) {
      const typed = value as unknown as ArrayLike<number>;
      const items: (readonly [undefined, any])[] = [];
      for (let index = 0; index < Math.min(typed.length, maxArrayLength); index++) items.push([undefined, typed[index]]);
      const label = name === 'Buffer' ? `<Buffer${Array.from(typed, (byte) => ` ${byte.toString(16).padStart(2, '0')}`).slice(0, 50).join('')}${typed.length > 50 ? ` ... ${typed.length - 50} more bytes` : ''}>` : undefined;
      if (label !== undefined) return label;
      return formatEntries(context, value, depth, `${name}(${typed.length})`, ['[', ']'], items, true, typed.length > maxArrayLength ? typed.length - maxArrayLength : 0);
    }
    if (value instanceof Promise) {
      const [state, result] = promiseState?.(value) ?? ['pending'];
      if (state === 'pending') return 'Promise { <pending> }';
      return formatEntries(context, value, depth, 'Promise', ['{', '}'], [[undefined, state === 'rejected' ? new Raw(`<rejected> ${formatValue(context, result, depth + 1, true)}`) : result]], false);
    }
    const keys = functionKeys ?? Object.keys(value);
    const items = [...keys, ...ownSymbols(value)].map((entry) => {
      const descriptor = Object.getOwnPropertyDescriptor(value, entry);
      if (descriptor !== undefined && descriptor.value === undefined && (descriptor.get !== undefined || descriptor.set !== undefined)) {
        return [entry, new Raw(descriptor.get === undefined ? '[Setter]' : descriptor.set === undefined ? '[Getter]' : '[Getter/Setter]')] as const;
      }
      return [entry, value[entry as any]] as const;
    });
    const tag = value[Symbol.toStringTag];
    let prefix = functionHead ?? (name === 'Object' ? '' : name === undefined ? '[Object: null prototype]' : name);
    if (typeof tag === 'string' && tag !== name && functionHead === undefined) prefix = `${prefix || 'Object'} [${tag}]`;
    if (items.length === 0) return functionHead ?? (prefix ? `${prefix} {}` : '{}');
    return formatEntries(context, value, depth, prefix, ['{', '}'], items, false);
  }

  function formatEntries(context: Context, value: any, depth: number, base: string, braces: [string, string], items: readonly (readonly [string | symbol | undefined, any])[], isArray: boolean, more = 0): string {
    context.seen.push(value);
    // Node notes the depth of the last object it lays out with entries; an empty one does not count.
    if (items.length > 0) context.currentDepth = depth;
    const output: string[] = [];
    context.indentation += 2;
    for (const [entryKey, entryValue] of items) {
      if (entryValue instanceof Raw) {
        output.push(entryKey === undefined ? entryValue.text : `${typeof entryKey === 'string' && entryKey.startsWith('[') ? entryKey : key(entryKey)}: ${entryValue.text}`);
      } else if (entryValue !== null && typeof entryValue === 'object' && entryValue.__mapEntry === true) {
        output.push(`${formatValue(context, entryValue.entryKey, depth + 1, true)} => ${formatValue(context, entryValue.entryValue, depth + 1, true)}`);
      } else {
        const text = formatValue(context, entryValue, depth + 1, true);
        output.push(entryKey === undefined ? text : `${entryKey === '[length]' ? entryKey : key(entryKey)}: ${text}`);
      }
    }
    if (more > 0) output.push(`... ${more} more item${more > 1 ? 's' : ''}`);
    context.indentation -= 2;
    context.seen.pop();
    const reference = context.circular.get(value);
    if (reference !== undefined) base = `<ref *${reference}>${base ? ` ${base}` : ''}`;
    if (output.length === 0) return `${base ? `${base} ` : ''}${braces[0]}${braces[1]}`;
    return join(context, output, base, braces, depth, isArray, isArray ? value : undefined);
  }

  function ownSymbols(value: object): symbol[] {
    return Object.getOwnPropertySymbols(value).filter((symbol) => Object.getOwnPropertyDescriptor(value, symbol)?.enumerable);
  }

  /** Node's `util.inspect(value, { depth, compact, showHidden })`. */
  function inspect(value: any, options?: { depth?: number | null; compact?: number | boolean; showHidden?: boolean }): string {
    const depth = options?.depth === null ? Infinity : typeof options?.depth === 'number' ? options.depth : 2;
    const compact = options?.compact === false ? false : typeof options?.compact === 'number' ? options.compact : 3;
    return formatValue({ seen: [], circular: new Map(), indentation: 0, currentDepth: 0, depth, compact, showHidden: options?.showHidden === true }, value, 0, true);
  }

  function format(...args: any[]): string {
    const first = args[0];
    let rest = args.slice(1);
    let head = '';
    if (typeof first === 'string' && rest.length > 0 && first.includes('%')) {
      head = first.replace(/%([sdifjoOc%])/g, (match, letter: string) => {
        if (letter === '%') return '%';
        if (rest.length === 0) return match;
        const next = rest.shift();
        switch (letter) {
          case 's':
            return typeof next === 'string' ? next : typeof next === 'bigint' ? `${next}n` : typeof next === 'object' && next !== null ? inspect(next) : String(next);
          case 'd':
          case 'i': {
            if (typeof next === 'bigint') return `${next}n`;
            const number = Number(next);
            return letter === 'i' ? numberText(Math.trunc(number)) : numberText(number);
          }
          case 'f':
            return numberText(parseFloat(next));
          case 'j':
            return JSON.stringify(next);
          case 'c':
            return '';
          case 'o':
            return inspect(next, { showHidden: true, depth: 4 });
          default:
            return inspect(next);
        }
      });
    } else if (args.length > 0) {
      head = typeof first === 'string' ? first : inspect(first);
    }
    if (typeof first !== 'string' || !first.includes('%')) rest = args.slice(1);
    return [head, ...rest.map((entry) => (typeof entry === 'string' ? entry : inspect(entry)))].join(' ');
  }

  Object.defineProperty(globalThis, '__inspect', { value: inspect });
  Object.defineProperty(globalThis, '__format', { value: format });
}
