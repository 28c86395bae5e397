/**
 * The guest's streams, in the part programs commonly use: `fs.createWriteStream` (writes land in
 * the file in order; `finish` and `close` follow `end()`), `fs.createReadStream` (the file in one
 * `data` chunk, then `end` and `close`), and `readline.createInterface` over either of them or
 * `process.stdin` (`line` events, `close`, and `for await` over the lines). Sent to the runtime as
 * source after `guestLibraries`, so it is self-contained and shares only `globalThis.__guest`.
 */

/* eslint-disable @typescript-eslint/no-explicit-any -- guest code mirrors Node's untyped surface */

/**
 * Defines `fs.createWriteStream`, `fs.createReadStream`, `process.stdin` as a stream, and `readline`.
 *
 * @example
 * ```ts
 * context.evalCode(`(${guestStreams.toString()})()`);
 * ```
 */
export function guestStreams(): void {
  const g = globalThis as any;
  const internal = g.__guest;
  const { builtins, config } = internal;
  const { fs, events } = builtins;
  const EventEmitter = events.EventEmitter;
  const later = (callback: () => void) => g.setImmediate(callback);

  class WriteStream extends EventEmitter {
    bytesWritten = 0;
    writable = true;
    constructor(
      public path: string,
      flags: string,
    ) {
      super();
      fs.writeFileSync(path, '', { flag: flags });
      later(() => this.emit('open'));
    }
    write(chunk: unknown, encoding?: unknown, callback?: () => void) {
      const done = typeof encoding === 'function' ? encoding : callback;
      const data = typeof chunk === 'string' ? chunk : g.Buffer.from(chunk);
      fs.appendFileSync(this.path, data);
      this.bytesWritten += typeof chunk === 'string' ? g.Buffer.byteLength(chunk) : data.length;
      if (typeof done === 'function') later(() => done(null));
      return true;
    }
    end(chunk?: unknown, encoding?: unknown, callback?: () => void) {
      const done = [chunk, encoding, callback].find((entry) => typeof entry === 'function') as (() => void) | undefined;
      if (chunk !== undefined && typeof chunk !== 'function') this.write(chunk);
      this.writable = false;
      later(() => {
        this.emit('finish');
        done?.();
        this.emit('close');
      });
      return this;
    }
  }

  class ReadStream extends EventEmitter {
    constructor(text: () => unknown, encoding: string | undefined) {
      super();
      later(() => {
        let data: unknown;
        try {
          data = text();
        } catch (error) {
          this.emit('error', error);
          return;
        }
        this.emit('open');
        const chunk = encoding === undefined && typeof data === 'string' ? g.Buffer.from(data) : data;
        if ((typeof chunk === 'string' ? chunk.length : (chunk as Uint8Array).length) > 0) this.emit('data', chunk);
        this.emit('end');
        this.emit('close');
      });
    }
    setEncoding() {
      return this;
    }
    pipe(destination: any) {
      this.on('data', (chunk: unknown) => destination.write(chunk));
      this.on('end', () => destination.end?.());
      return destination;
    }
  }

  const encodingOf = (options: any) => (typeof options === 'string' ? options : options?.encoding);
  fs.createWriteStream = (path: string, options?: any) => new WriteStream(path, typeof options === 'object' && options?.flags !== undefined ? options.flags : 'w');
  fs.createReadStream = (path: string, options?: any) => new ReadStream(() => fs.readFileSync(path, encodingOf(options)), encodingOf(options));
  // Made on first use, so a program that never reads stdin has no stream waiting to deliver it.
  let stdin: any;
  Object.defineProperty(g.process, 'stdin', { configurable: true, enumerable: true, get: () => (stdin ??= Object.assign(new ReadStream(() => config.stdin, 'utf8'), { isTTY: false, fd: 0 })) });

  class Interface extends EventEmitter {
    private lines: string[] = [];
    private closed = false;
    constructor(input: any) {
      super();
      let rest = '';
      input.on('data', (chunk: unknown) => {
        const parts = (rest + String(chunk)).split(/\r?\n/);
        rest = parts.pop()!;
        for (const line of parts) this.push(line);
      });
      input.on('end', () => {
        if (rest !== '') this.push(rest);
        this.close();
      });
    }
    private push(line: string) {
      this.lines.push(line);
      this.emit('line', line);
    }
    close() {
      if (this.closed) return;
      this.closed = true;
      this.emit('close');
    }
    async *[Symbol.asyncIterator]() {
      let index = 0;
      for (;;) {
        if (index < this.lines.length) yield this.lines[index++]!;
        else if (this.closed) return;
        else await new Promise((resolve) => this.once(this.closed ? 'close' : 'line', resolve).once('close', resolve));
      }
    }
  }
  builtins.readline = { createInterface: (options: any) => new Interface(options?.input ?? options), Interface };
}
