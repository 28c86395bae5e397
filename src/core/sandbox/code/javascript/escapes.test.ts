import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSandbox } from '../../create-sandbox';
import { runJavaScript } from './run-javascript';

// A loopback server that counts every request: the programs below try to reach it every way they can.
let server: Server;
let requests = 0;
let url = '';

beforeAll(async () => {
  server = createServer((request, response) => {
    requests += 1;
    if (request.url === '/redirect') return void response.writeHead(302, { location: 'http://localhost:9/' }).end();
    response.end('reached');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

async function run(code: string, sandbox = createSandbox(), limits = {}) {
  return runJavaScript(sandbox, { language: 'javascript', code }, { timeoutMs: 2_000, ...limits });
}

describe('what a program in the sandbox cannot reach', () => {
  it('has no page, no storage, no workers and no way to the host functions', async () => {
    const names = ['document', 'window', 'parent', 'top', 'self', 'opener', 'localStorage', 'sessionStorage', 'indexedDB', 'caches', 'navigator', 'location', 'Worker', 'SharedWorker', 'postMessage', 'BroadcastChannel', '__host'];
    const result = await run(`console.log(JSON.stringify(Object.fromEntries(${JSON.stringify(names)}.map((name) => [name, typeof globalThis[name]]))))`);
    expect(JSON.parse(result.stdout)).toEqual(Object.fromEntries(names.map((name) => [name, 'undefined'])));
  });

  it('reaches no network: a loopback canary counts no request', async () => {
    const attempts = [
      `fetch(${JSON.stringify(url)})`,
      `new XMLHttpRequest()`,
      `new WebSocket(${JSON.stringify(url.replace('http', 'ws'))})`,
      `require('http').get(${JSON.stringify(url)})`,
      `require('node:https')`,
      `require('net').connect(80)`,
      `require('child_process').execSync('curl ${url}')`,
      `importScripts(${JSON.stringify(url)})`,
    ];
    const result = await run(`for (const attempt of [${attempts.map((attempt) => `() => ${attempt}`).join(', ')}]) { try { attempt(); console.log('ran'); } catch (error) { console.log('refused:', error.message); } }
      import(${JSON.stringify(url)}).then(() => console.log('imported'), (error) => console.log('refused:', error.message));`);
    expect(result.stdout).not.toContain('ran');
    expect(result.stdout).not.toContain('imported');
    expect(result.stdout.match(/refused:/g)).toHaveLength(attempts.length + 1);
    expect(result.stdout).toContain('code in the sandbox has no network access');
    expect(requests).toBe(0);
  });

  it('reaches only the origins an app allows: one request to the allowed origin, none elsewhere, no redirects', async () => {
    const before = requests;
    const other = 'http://localhost:9/';
    const code = `const answer = await fetch(${JSON.stringify(url)} + 'data', { headers: { accept: 'text/plain' } });
      console.log(answer.ok, answer.status, await answer.text());
      await fetch(${JSON.stringify(other)}).catch((error) => console.log('refused:', error.message));
      await fetch('relative/path').catch((error) => console.log('refused:', error.message));
      await fetch(${JSON.stringify(url)} + 'redirect').then(() => console.log('followed'), () => console.log('redirect refused'));`;
    const result = await runJavaScript(createSandbox(), { language: 'javascript', code: `${code}\nexport {};` }, { timeoutMs: 5_000 }, { allowedOrigins: [new URL(url).origin] });
    expect(result.stdout).toBe(
      `true 200 reached\nrefused: fetch to http://localhost:9 is not allowed: code in the sandbox may reach only ${new URL(url).origin}\nrefused: fetch: relative/path is not an absolute URL\nredirect refused\n`,
    );
    expect(requests - before).toBe(2);
  });

  it('reads no host file and no other sandbox\'s file', async () => {
    const other = createSandbox({ files: { 'secret.txt': 'the other session' } });
    expect(other.readFile('/secret.txt')).toBe('the other session');
    const result = await run(`const fs = require('fs');
      for (const path of ['/etc/passwd', '../../../../etc/passwd', '/proc/self/environ', 'secret.txt', '${process.cwd()}/package.json']) {
        try { console.log(fs.readFileSync(path, 'utf8').slice(0, 20)); } catch (error) { console.log(error.code); }
      }`);
    expect(result.stdout).toBe('ENOENT\nENOENT\nENOENT\nENOENT\nENOENT\n');
  });

  it('cannot hold the engine: an endless chain of microtasks, deep recursion and a huge string stop with a clear error', async () => {
    const microtasks = await run('const again = () => Promise.resolve().then(again); again();', createSandbox(), { timeoutMs: 300 });
    expect(microtasks).toMatchObject({ exitCode: 124, stopped: 'timeout' });
    const recursion = await run('const down = (n) => down(n + 1) + 1; down(0);');
    expect(recursion.exitCode).toBe(1);
    expect(recursion.stderr).toMatch(/stack overflow|Maximum call stack/);
    const doubling = await run("let text = 'x'; for (;;) text += text;", createSandbox(), { memoryBytes: 8 * 1024 * 1024 });
    expect(doubling.exitCode).not.toBe(0);
    expect(await run('console.log("still fine")')).toMatchObject({ exitCode: 0, stdout: 'still fine\n' });
  });
});
