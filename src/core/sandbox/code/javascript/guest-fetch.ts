/**
 * `fetch` for a program whose app allowed some origins (`network.allowedOrigins`): the request goes
 * through the host (`__hostFetch`), which refuses every other origin and every redirect, and the
 * answer comes back as a `Response` with `ok`, `status`, `headers`, `text()` and `json()`. Like the
 * other guest functions this one is sent to the runtime as source, so it is self-contained.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- guest code mirrors the web's untyped surface */

/**
 * Defines `fetch`, `Headers` and `Response` in the guest over `globalThis.__hostFetch`.
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestFetch.toString()})()`);
 * ```
 */
export function guestFetch(): void {
  const g = globalThis as any;
  const hostFetch = g.__hostFetch as (url: string, init: string) => Promise<string>;
  delete g.__hostFetch;

  class Headers {
    private readonly map = new Map<string, string>();
    constructor(init?: any) {
      const entries: [string, string][] = init === undefined ? [] : Array.isArray(init) ? init : init instanceof Headers ? [...init.entries()] : Object.entries(init);
      for (const [name, value] of entries) this.map.set(String(name).toLowerCase(), String(value));
    }
    get(name: string) {
      return this.map.get(name.toLowerCase()) ?? null;
    }
    has(name: string) {
      return this.map.has(name.toLowerCase());
    }
    set(name: string, value: string) {
      this.map.set(name.toLowerCase(), String(value));
    }
    entries() {
      return this.map.entries();
    }
    forEach(callback: (value: string, name: string) => void) {
      this.map.forEach((value, name) => callback(value, name));
    }
    [Symbol.iterator]() {
      return this.map.entries();
    }
  }

  class Response {
    readonly ok: boolean;
    readonly status: number;
    readonly statusText: string;
    readonly url: string;
    readonly headers: Headers;
    private readonly body: string;
    bodyUsed = false;
    constructor(data: { status: number; statusText: string; url: string; headers: [string, string][]; body: string }) {
      this.status = data.status;
      this.ok = data.status >= 200 && data.status < 300;
      this.statusText = data.statusText;
      this.url = data.url;
      this.headers = new Headers(data.headers);
      this.body = data.body;
    }
    text() {
      this.bodyUsed = true;
      return Promise.resolve(this.body);
    }
    json() {
      return this.text().then((text) => JSON.parse(text));
    }
  }

  g.Headers = Headers;
  g.Response = Response;
  g.fetch = async (input: any, init: any = {}) => {
    const url = typeof input === 'string' ? input : String(input?.url ?? input);
    const headers = init.headers === undefined ? [] : [...new Headers(init.headers).entries()];
    if (init.body !== undefined && typeof init.body !== 'string') throw new TypeError('fetch in the sandbox sends string bodies only (JSON.stringify the value)');
    const answer = await hostFetch(url, JSON.stringify({ method: init.method ?? 'GET', headers, body: init.body }));
    return new Response(JSON.parse(answer));
  };
}
