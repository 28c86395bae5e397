import { describe, expect, it } from 'vitest';
import { createSandbox } from '../../create-sandbox';
import { describeUncaught } from './javascript-failures';
import { runJavaScript } from './run-javascript';

describe('describeUncaught', () => {
  const sandbox = createSandbox();
  sandbox.writeFile('/main.js', 'const settings = {};\n  settings.load();\nconsole.log(data.user.name);\n');

  it("uses V8's words for the errors QuickJS words its own way, as node would print them", () => {
    const call = describeUncaught({ name: 'TypeError', message: 'not a function', stack: '    at <anonymous> (/main.js:2:16)\n' }, sandbox);
    expect(call).toBe('/main.js:2\n  settings.load();\n  ^\n\nTypeError: settings.load is not a function\n    at <anonymous> (/main.js:2:16)\n');
    const read = describeUncaught({ name: 'TypeError', message: "cannot read property 'name' of undefined", stack: '    at <anonymous> (/main.js:3:22)\n' }, sandbox);
    expect(read).toContain("TypeError: Cannot read properties of undefined (reading 'name')\n");
    expect(describeUncaught({ name: 'ReferenceError', message: "'data' is not defined", stack: '' }, sandbox)).toBe('ReferenceError: data is not defined\n');
    expect(describeUncaught({ name: 'AssertionError', message: 'it was false', stack: '' }, sandbox)).toBe('AssertionError [ERR_ASSERTION]: it was false\n');
  });

  it('prints a thrown string as it is and another value as util.inspect shows it', () => {
    expect(describeUncaught('plain string', sandbox)).toBe('plain string\n');
    expect(describeUncaught({ code: 42 }, sandbox, '{ code: 42 }')).toBe('{ code: 42 }\n');
  });
});

describe('runJavaScript and deep recursion', () => {
  it("throws the engine's catchable error before the host's stack runs out, and the engine stays usable", async () => {
    const code = 'function down(n) { return down(n + 1) + 1; }\ntry { down(0); } catch (error) { console.log("caught", error.name); }';
    expect(await runJavaScript(createSandbox(), { language: 'javascript', code })).toEqual({ exitCode: 0, stdout: 'caught InternalError\n', stderr: '' });
    expect(await runJavaScript(createSandbox(), { language: 'javascript', code: 'console.log(6 * 7)' })).toEqual({ exitCode: 0, stdout: '42\n', stderr: '' });
  });
});
