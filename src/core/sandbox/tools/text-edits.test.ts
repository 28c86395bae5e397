import { describe, expect, it } from 'vitest';
import { resultFor, resultText, lastRequest, expectValidToolHistory } from '../../../../test/conformance/helpers';
import { createAgent } from '../../agent/create-agent';
import { scriptedModel, text, toolCall } from '../../../testing/index';
import { createSandbox } from '../create-sandbox';
import type { Sandbox } from '../sandbox-types';
import { sandboxTools } from './sandbox-tools';
import { applyEdit } from './text-edits';

const context = { signal: new AbortController().signal, toolCallId: 't', reportProgress: () => undefined };

function tool(sandbox: Sandbox, name: string) {
  const found = sandboxTools(sandbox).find((candidate) => candidate.name === name)!;
  return {
    run: (input: object) => found.execute!(input as never, context),
    preview: (input: object) => found.preview!(input as never),
  };
}

/** A sandbox with `files`, each read by the model already (the guard has its own tests). */
function readSandbox(files: Record<string, string>): Sandbox {
  const sandbox = createSandbox({ files });
  for (const path of Object.keys(files)) sandbox.noteRead(path);
  return sandbox;
}

const crlf = 'line one\r\nline two\r\nline three\r\nline four\r\nline five\r\n';

describe('edit_file keeps line endings', () => {
  it('an LF search text matches a CRLF file; the file stays CRLF, byte for byte except the edit', async () => {
    const sandbox = readSandbox({ 'a.txt': crlf });
    const result = await tool(sandbox, 'edit_file').run({ path: 'a.txt', oldText: 'line two\nline three', newText: 'line 2\nline 2.5\nline 3' });
    expect(sandbox.readFile('a.txt')).toBe('line one\r\nline 2\r\nline 2.5\r\nline 3\r\nline four\r\nline five\r\n');
    // Only the changed lines show in the diff, not every line of the file.
    expect(result).toMatchObject({ replacements: 1, diff: '--- /a.txt\n+++ /a.txt\n@@ -1,5 +1,6 @@\n line one\r\n-line two\r\n-line three\r\n+line 2\r\n+line 2.5\r\n+line 3\r\n line four\r\n line five\r\n' });
  });

  it('a CRLF search text matches too, and a match at the start or end of a line keeps the line break', () => {
    expect(applyEdit(crlf, { path: 'a', oldText: 'two\r\nline', newText: '2\nline' }).content).toBe(crlf.replace('two', '2'));
    expect(applyEdit(crlf, { path: 'a', oldText: '\nline five\n', newText: '\n' }).content).toBe('line one\r\nline two\r\nline three\r\nline four\r\n');
    expect(applyEdit(crlf, { path: 'a', oldText: 'line', newText: 'row', replaceAll: true })).toEqual({ content: crlf.replaceAll('line', 'row'), replacements: 5 });
    // Lines are counted as the model sees them.
    expect(() => applyEdit(crlf, { path: 'a', oldText: 'line t', newText: 'x' })).toThrow('occurs 2 times in "a" (lines 2, 3)');
  });

  it('the approval preview of a CRLF edit shows only the changed line', () => {
    const sandbox = readSandbox({ 'a.txt': crlf });
    const preview = tool(sandbox, 'edit_file').preview({ path: 'a.txt', oldText: 'line three', newText: 'line 3' });
    expect(preview).toEqual({ kind: 'file-changes', files: [{ path: '/a.txt', change: 'modify', diff: '--- /a.txt\n+++ /a.txt\n@@ -1,5 +1,5 @@\n line one\r\n line two\r\n-line three\r\n+line 3\r\n line four\r\n line five\r\n' }] });
  });

  it('mixed endings: untouched lines keep theirs, new lines get the dominant one; an LF file stays LF', () => {
    const mixed = 'a\r\nb\r\nc\nd\r\n';
    expect(applyEdit(mixed, { path: 'm', oldText: 'b\nc', newText: 'B\nC' }).content).toBe('a\r\nB\r\nC\nd\r\n');
    expect(applyEdit(mixed, { path: 'm', oldText: 'c', newText: 'c\nc2' }).content).toBe('a\r\nb\r\nc\r\nc2\nd\r\n');
    expect(applyEdit('a\nb\r\nc\nd\n', { path: 'm', oldText: 'a', newText: 'a\r\na2' }).content).toBe('a\na2\nb\r\nc\nd\n');
    expect(applyEdit('a\nb\n', { path: 'l', oldText: 'a\r\nb', newText: 'A\r\nB' }).content).toBe('A\nB\n');
    // A lone CR is ordinary text.
    expect(applyEdit('a\rb\r\n', { path: 'r', oldText: 'a\rb', newText: 'ab' }).content).toBe('ab\r\n');
  });

  it('read_file shows a CRLF file without its CRs, so what the model quotes matches', async () => {
    const sandbox = createSandbox({ files: { 'a.txt': crlf } });
    expect(await tool(sandbox, 'read_file').run({ path: 'a.txt', limit: 2 })).toMatchObject({ content: '1\tline one\n2\tline two\n', totalLines: 5 });
  });
});

describe('edit_file with several edits', () => {
  it('applies them in order, each to the result of the ones before, in one write and one diff', async () => {
    const sandbox = readSandbox({ 'a.ts': 'let a = 1;\nlet b = 2;\nlet c = a + b;\n' });
    const writes: string[] = [];
    sandbox.subscribe((event) => writes.push(event.path));
    const edits = [
      { oldText: 'let a = 1;', newText: 'let x = 1;' },
      { oldText: 'a + b', newText: 'x + b' },
      { oldText: 'b', newText: 'y', replaceAll: true },
    ];
    const preview = tool(sandbox, 'edit_file').preview({ path: 'a.ts', edits });
    expect(preview).toEqual({ kind: 'file-changes', files: [{ path: '/a.ts', change: 'modify', diff: '--- /a.ts\n+++ /a.ts\n@@ -1,3 +1,3 @@\n-let a = 1;\n-let b = 2;\n-let c = a + b;\n+let x = 1;\n+let y = 2;\n+let c = x + y;\n' }] });
    expect(await tool(sandbox, 'edit_file').run({ path: 'a.ts', edits })).toMatchObject({ path: '/a.ts', replacements: 4 });
    expect(sandbox.readFile('a.ts')).toBe('let x = 1;\nlet y = 2;\nlet c = x + y;\n');
    expect(writes).toEqual(['/a.ts']);
  });

  it('all or nothing: when edit 2 fails, the file is unchanged and the model learns which edit and why', async () => {
    const sandbox = readSandbox({ 'a.ts': 'one\ntwo\ntwo\n' });
    const model = scriptedModel([
      toolCall('edit_file', { path: 'a.ts', edits: [{ oldText: 'one', newText: 'ONE' }, { oldText: 'two', newText: 'TWO' }, { oldText: 'three', newText: '3' }] }, 'call-1'),
      toolCall('edit_file', { path: 'a.ts', edits: [{ oldText: 'one', newText: 'ONE' }, { oldText: 'nine', newText: '9' }] }, 'call-2'),
      text('Done.'),
    ]);
    const agent = createAgent({ model, sandbox, permissions: { allow: ['edit_file'] } });
    await agent.send('go');
    const prompt = lastRequest(model);
    expectValidToolHistory(prompt);
    const ambiguous = resultFor(prompt, 'call-1');
    expect(ambiguous.type).toBe('error-text');
    expect(resultText(ambiguous)).toContain('edits[1] (edit 2 of 3, applied after the ones before it) failed, so none was made: ');
    expect(resultText(ambiguous)).toContain('`oldText` occurs 2 times in "a.ts" (lines 2, 3)');
    expect(resultText(resultFor(prompt, 'call-2'))).toContain('edits[1] (edit 2 of 2, applied after the ones before it) failed, so none was made: `oldText` was not found in "a.ts"');
    expect(sandbox.readFile('a.ts')).toBe('one\ntwo\ntwo\n');
  });

  it('the preview of a failing set of edits says which edit fails instead of a diff', () => {
    const sandbox = readSandbox({ 'a.ts': 'one\n' });
    expect(tool(sandbox, 'edit_file').preview({ path: 'a.ts', edits: [{ oldText: 'one', newText: '1' }, { oldText: 'one', newText: 'uno' }] })).toEqual({
      kind: 'file-changes',
      files: [],
      note: expect.stringContaining('This edit cannot be applied: edits[1] (edit 2 of 2, applied after the ones before it) failed'),
    });
  });

  it('one form or the other: a mix or neither is refused with what to pass', () => {
    expect(() => applyEdit('a', { path: 'p', oldText: 'a', newText: 'b', edits: [{ oldText: 'a', newText: 'c' }] })).toThrow('Pass `oldText` and `newText`, or `edits`, not both.');
    expect(() => applyEdit('a', { path: 'p', oldText: 'a' })).toThrow('Pass `oldText` and `newText`');
  });

  it('the schema offers both forms without a top-level combinator, which providers refuse', () => {
    const agent = createAgent({ model: scriptedModel([text('hi')]), sandbox: createSandbox() });
    const schema = agent.tools.find((info) => info.name === 'edit_file')!.inputSchema;
    expect(schema).toMatchObject({ type: 'object', required: ['path'], additionalProperties: false });
    expect(Object.keys(schema).filter((key) => ['oneOf', 'anyOf', 'allOf', 'not'].includes(key))).toEqual([]);
    expect(Object.keys(schema.properties as object)).toEqual(['path', 'oldText', 'newText', 'replaceAll', 'edits']);
    expect((schema.properties as Record<string, unknown>).edits).toMatchObject({ type: 'array', minItems: 1, items: { type: 'object', required: ['oldText', 'newText'] } });
  });
});
