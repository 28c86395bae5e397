/**
 * The web-platform globals Node programs use that QuickJS lacks: `Error.captureStackTrace`,
 * `AbortController`/`AbortSignal` (over a small `EventTarget`), `performance.now`, `URL` and
 * `URLSearchParams` (parsing and resolving without any network), and numbers formatted for
 * `en-US` (`toLocaleString`, `Intl.NumberFormat`), the locale Node uses by default; another
 * locale is refused rather than formatted wrongly. Sent to the runtime as source after
 * `guestRuntime`, so it is self-contained and shares only `globalThis.__guest`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any, @typescript-eslint/no-base-to-string -- guest code mirrors Node's untyped surface: a URL base is any value, as in Node */

/**
 * Defines the web globals in the guest.
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestWeb.toString()})()`);
 * ```
 */
export function guestWeb(): void {
  const g = globalThis as any;

  // QuickJS fills `stack` when an error is made; this gives any object one the same way.
  Object.assign(Error, {
    stackTraceLimit: 10,
    captureStackTrace(target: any) {
      const frames = String(new Error().stack ?? '').split('\n').slice(1).join('\n');
      Object.defineProperty(target, 'stack', { value: frames, writable: true, configurable: true, enumerable: false });
    },
  });

  class Event {
    defaultPrevented = false;
    constructor(public type: string) {}
    preventDefault() {
      this.defaultPrevented = true;
    }
  }
  class EventTarget {
    private listeners = new Map<string, ((event: Event) => void)[]>();
    addEventListener(type: string, listener: (event: Event) => void, options?: { once?: boolean }) {
      const wrapped = options?.once ? (event: Event) => (this.removeEventListener(type, wrapped), listener(event)) : listener;
      this.listeners.set(type, [...(this.listeners.get(type) ?? []), wrapped]);
    }
    removeEventListener(type: string, listener: (event: Event) => void) {
      this.listeners.set(type, (this.listeners.get(type) ?? []).filter((entry) => entry !== listener));
    }
    dispatchEvent(event: Event) {
      for (const listener of this.listeners.get(event.type) ?? []) listener.call(this, event);
      return !event.defaultPrevented;
    }
  }
  class AbortSignal extends EventTarget {
    aborted = false;
    reason: unknown = undefined;
    onabort: ((event: Event) => void) | null = null;
    throwIfAborted() {
      if (this.aborted) throw this.reason;
    }
    static abort(reason?: unknown) {
      const controller = new AbortController();
      controller.abort(reason);
      return controller.signal;
    }
  }
  class AbortController {
    signal = new AbortSignal();
    abort(reason?: unknown) {
      if (this.signal.aborted) return;
      this.signal.aborted = true;
      this.signal.reason = reason ?? Object.assign(new Error('This operation was aborted'), { name: 'AbortError', code: 20 });
      const event = new Event('abort');
      this.signal.onabort?.(event);
      this.signal.dispatchEvent(event);
    }
  }
  const startedAt = Date.now();
  const performance = { now: () => Date.now() - startedAt, timeOrigin: startedAt, mark: () => undefined, measure: () => undefined };

  // ---- URLSearchParams and URL ----
  const formEncode = (text: string) => encodeURIComponent(text).replace(/%20/g, '+').replace(/[!'()~]/g, (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`);
  const formDecode = (text: string) => decodeURIComponent(text.replace(/\+/g, ' '));
  class URLSearchParams {
    private entriesList: [string, string][] = [];
    onChange: (() => void) | undefined;
    constructor(init?: unknown) {
      if (typeof init === 'string') {
        for (const part of init.replace(/^\?/, '').split('&')) {
          if (part === '') continue;
          const index = part.indexOf('=');
          this.entriesList.push(index === -1 ? [formDecode(part), ''] : [formDecode(part.slice(0, index)), formDecode(part.slice(index + 1))]);
        }
      } else if (init instanceof URLSearchParams) this.entriesList = [...init.entriesList];
      else if (Array.isArray(init)) this.entriesList = init.map(([name, value]) => [String(name), String(value)]);
      else if (init !== null && typeof init === 'object') this.entriesList = Object.entries(init).map(([name, value]) => [name, String(value)]);
    }
    get size() {
      return this.entriesList.length;
    }
    private changed() {
      this.onChange?.();
    }
    append(name: string, value: unknown) {
      this.entriesList.push([String(name), String(value)]);
      this.changed();
    }
    set(name: string, value: unknown) {
      const index = this.entriesList.findIndex(([entry]) => entry === name);
      this.entriesList = this.entriesList.filter(([entry], position) => entry !== name || position === index);
      if (index === -1) this.entriesList.push([String(name), String(value)]);
      else this.entriesList[this.entriesList.findIndex(([entry]) => entry === name)] = [String(name), String(value)];
      this.changed();
    }
    delete(name: string) {
      this.entriesList = this.entriesList.filter(([entry]) => entry !== name);
      this.changed();
    }
    get(name: string) {
      return this.entriesList.find(([entry]) => entry === name)?.[1] ?? null;
    }
    getAll(name: string) {
      return this.entriesList.filter(([entry]) => entry === name).map(([, value]) => value);
    }
    has(name: string) {
      return this.entriesList.some(([entry]) => entry === name);
    }
    sort() {
      this.entriesList.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
      this.changed();
    }
    forEach(callback: (value: string, name: string, params: URLSearchParams) => void) {
      for (const [name, value] of this.entriesList) callback(value, name, this);
    }
    keys() {
      return this.entriesList.map(([name]) => name)[Symbol.iterator]();
    }
    values() {
      return this.entriesList.map(([, value]) => value)[Symbol.iterator]();
    }
    entries() {
      return this.entriesList.map(([name, value]) => [name, value] as [string, string])[Symbol.iterator]();
    }
    [Symbol.iterator]() {
      return this.entries();
    }
    toString() {
      return this.entriesList.map(([name, value]) => `${formEncode(name)}=${formEncode(value)}`).join('&');
    }
  }

  const defaultPorts: Record<string, string> = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443', 'ftp:': '21' };
  const pattern = /^([a-z][a-z\d+.-]*:)(?:\/\/(?:([^:@/?#]*)(?::([^@/?#]*))?@)?([^:/?#]*)(?::(\d*))?)?([^?#]*)(\?[^#]*)?(#.*)?$/i;
  function removeDotSegments(path: string): string {
    const output: string[] = [];
    const parts = path.split('/');
    parts.forEach((part, index) => {
      if (part === '..') {
        if (output.length > 1) output.pop();
        if (index === parts.length - 1) output.push('');
      } else if (part === '.') {
        if (index === parts.length - 1) output.push('');
      } else output.push(part);
    });
    return output.join('/');
  }
  class URL {
    protocol = '';
    username = '';
    password = '';
    hostname = '';
    port = '';
    pathname = '';
    hash = '';
    searchParams: URLSearchParams;
    constructor(input: unknown, base?: unknown) {
      let text = String(input).trim();
      if (!pattern.test(text) || !/^[a-z][a-z\d+.-]*:/i.test(text)) {
        if (base === undefined) throw Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL', input: text });
        const from = base instanceof URL ? base : new URL(String(base));
        const authority = `${from.protocol}//${from.host}`;
        if (text.startsWith('//')) text = `${from.protocol}${text}`;
        else if (text.startsWith('/')) text = `${authority}${text}`;
        else if (text.startsWith('?')) text = `${authority}${from.pathname}${text}`;
        else if (text.startsWith('#')) text = `${authority}${from.pathname}${from.search}${text}`;
        else if (text === '') text = `${authority}${from.pathname}${from.search}`;
        else text = `${authority}${from.pathname.slice(0, from.pathname.lastIndexOf('/') + 1)}${text}`;
      }
      const match = pattern.exec(text);
      if (match === null) throw Object.assign(new TypeError('Invalid URL'), { code: 'ERR_INVALID_URL', input: text });
      this.protocol = match[1]!.toLowerCase();
      this.username = match[2] ?? '';
      this.password = match[3] ?? '';
      this.hostname = (match[4] ?? '').toLowerCase();
      this.port = match[5] === undefined || match[5] === defaultPorts[this.protocol] ? '' : match[5];
      const special = this.protocol in defaultPorts || this.protocol === 'file:';
      this.pathname = removeDotSegments(match[6] === '' && special ? '/' : match[6]!).replace(/ /g, '%20');
      this.hash = match[8] === '#' ? '' : (match[8] ?? '');
      this.searchParams = new URLSearchParams(match[7] ?? '');
    }
    get search() {
      const query = this.searchParams.toString();
      return query === '' ? '' : `?${query}`;
    }
    set search(value: string) {
      this.searchParams = new URLSearchParams(value);
    }
    get host() {
      return this.port === '' ? this.hostname : `${this.hostname}:${this.port}`;
    }
    get origin() {
      return this.protocol in defaultPorts ? `${this.protocol}//${this.host}` : 'null';
    }
    get href() {
      const credentials = this.username === '' ? '' : `${this.username}${this.password === '' ? '' : `:${this.password}`}@`;
      return `${this.protocol}//${credentials}${this.host}${this.pathname}${this.search}${this.hash}`;
    }
    toString() {
      return this.href;
    }
    toJSON() {
      return this.href;
    }
    static canParse(input: unknown, base?: unknown) {
      try {
        new URL(input, base);
        return true;
      } catch {
        return false;
      }
    }
  }

  // ---- numbers in en-US ----
  function checkLocale(locales: unknown) {
    const list = locales === undefined ? [] : Array.isArray(locales) ? locales : [locales];
    const first = list[0];
    if (first !== undefined && !/^en(-US)?$/i.test(String(first))) throw new RangeError(`The sandbox formats numbers for en-US only, not ${String(first)}.`);
  }
  function formatNumber(value: number, options: any = {}): string {
    if (!Number.isFinite(value)) return Number.isNaN(value) ? 'NaN' : value > 0 ? '∞' : '-∞';
    const style = options.style ?? 'decimal';
    const currencyDigits = style === 'currency' ? 2 : 0;
    const minimum = options.minimumFractionDigits ?? currencyDigits;
    const maximum = Math.max(minimum, options.maximumFractionDigits ?? (style === 'percent' ? 0 : Math.max(3, currencyDigits)));
    const scaled = style === 'percent' ? value * 100 : value;
    let [whole, fraction = ''] = Math.abs(scaled).toFixed(maximum).split('.') as [string, string?];
    while (fraction.length > minimum && fraction.endsWith('0')) fraction = fraction.slice(0, -1);
    if (options.useGrouping !== false) whole = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    const number = fraction === '' ? whole : `${whole}.${fraction}`;
    const sign = scaled < 0 || Object.is(scaled, -0) ? '-' : '';
    if (style === 'percent') return `${sign}${number}%`;
    if (style === 'currency') {
      const symbols: Record<string, string> = { USD: '$', EUR: '€', GBP: '£', JPY: '¥' };
      const code = String(options.currency ?? '').toUpperCase();
      return `${sign}${symbols[code] ?? `${code} `}${number}`;
    }
    return `${sign}${number}`;
  }
  class NumberFormat {
    constructor(
      locales?: unknown,
      private options: any = {},
    ) {
      checkLocale(locales);
    }
    format(value: unknown) {
      return formatNumber(Number(value), this.options);
    }
    resolvedOptions() {
      return { locale: 'en-US', numberingSystem: 'latn', style: this.options.style ?? 'decimal' };
    }
  }
  Object.defineProperty(Number.prototype, 'toLocaleString', {
    configurable: true,
    writable: true,
    value(this: number, locales?: unknown, options?: any) {
      checkLocale(locales);
      return formatNumber(Number(this), options);
    },
  });

  Object.assign(g, { Event, EventTarget, AbortController, AbortSignal, performance, URL, URLSearchParams });
  if (g.Intl === undefined) g.Intl = { NumberFormat };
  const url = g.__guest.builtins.url;
  if (url !== undefined) Object.assign(url, { URL, URLSearchParams });
}
