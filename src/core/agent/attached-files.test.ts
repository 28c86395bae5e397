import { describe, expect, it } from 'vitest';
import { createSandbox } from '../sandbox/index';
import { memorySessionStorage, readSessionFile, writeSessionFile } from '../sessions/index';
import { scriptedModel, text } from '../../testing/index';
import { PersistenceError } from '../persistence/persistence-error';
import { createAgent } from './create-agent';
import { AgentCommandError } from './agent-options';

// A 1x1 PNG.
const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';
const photo = { mediaType: 'image/png', filename: 'photo.png', data: png };

const lastUserContent = (model: ReturnType<typeof scriptedModel>) => model.calls.at(-1)!.prompt.findLast((message) => message.role === 'user')!.content;

async function refusal(promise: Promise<unknown>): Promise<AgentCommandError> {
  const error = await promise.then(
    () => undefined,
    (reason: unknown) => reason,
  );
  expect(error).toBeInstanceOf(AgentCommandError);
  return error as AgentCommandError;
}

describe('agent.send(text, { files })', () => {
  it('sends the files to the model as file parts of the user message, before the text', async () => {
    const model = scriptedModel([text('A red pixel.')]);
    const agent = createAgent({ model });
    await agent.send('What is this?', { files: [photo, { mediaType: 'text/plain', data: new TextEncoder().encode('hi') }] });
    expect(lastUserContent(model)).toEqual([
      { type: 'file', mediaType: 'image/png', filename: 'photo.png', data: png },
      { type: 'file', mediaType: 'text/plain', data: 'aGk=' },
      { type: 'text', text: 'What is this?' },
    ]);
    const [message] = agent.getState().messages;
    expect(message!.parts.map((part) => part.type)).toEqual(['file', 'file', 'text']);
    // The state stays JSON.
    expect(JSON.parse(JSON.stringify(agent.getState()))).toEqual(agent.getState());
  });

  it('reads a File or Blob: its bytes, its type and its name', async () => {
    const model = scriptedModel([text('Got it.'), text('And that.')]);
    const agent = createAgent({ model });
    await agent.send('', { files: [new File(['hello'], 'notes.txt', { type: 'text/plain;charset=utf-8' })] });
    expect(lastUserContent(model)).toEqual([{ type: 'file', mediaType: 'text/plain', filename: 'notes.txt', data: 'aGVsbG8=' }]);
    await agent.send('And this', { files: [new Blob([new Uint8Array([1, 2, 3])])] });
    expect(lastUserContent(model)[0]).toEqual({ type: 'file', mediaType: 'application/octet-stream', data: 'AQID' });
  });

  it.each([
    ['not a list', { files: photo }, 'send(text, { files }): files must be a list of files, got an object.'],
    ['no media type', { files: [{ data: png }] }, 'files[0] needs a mediaType such as "image/png", got undefined.'],
    ['a media type that is not one', { files: [{ ...photo, mediaType: 'png' }] }, 'files[0] (photo.png): the media type "png" is not of the form "type/subtype".'],
    ['a data URL', { files: [{ ...photo, data: `data:image/png;base64,${png}` }] }, 'files[0] (photo.png): data must be base64 without the "data:" prefix (or bytes).'],
    ['text that is not base64', { files: [{ ...photo, data: 'not base64!' }] }, 'files[0] (photo.png): data is not base64.'],
    ['an empty file', { files: [{ ...photo, data: '' }] }, 'files[0] (photo.png) is empty.'],
    ['a number', { files: [7] }, 'files[0] must be a File, a Blob or { data, mediaType, filename? }, got 7.'],
    ['saveTo without a sandbox', { files: [photo], saveTo: '/uploads' }, 'the agent has no sandbox to save the files in'],
    ['a relative saveTo', { files: [photo], saveTo: 'uploads' }, 'saveTo must be an absolute folder such as "/uploads", got "uploads".'],
  ])('refuses %s with a message that says so, and sends nothing', async (_name, options, expected) => {
    const model = scriptedModel([text('never')]);
    const agent = createAgent({ model });
    const error = await refusal(agent.send('Look', options as never));
    expect(error.code).toBe('invalid-message');
    expect(error.message).toContain(expected);
    expect(agent.getState().messages).toEqual([]);
    expect(model.calls).toHaveLength(0);
  });

  it('sends files without text, but not a message with neither', async () => {
    const agent = createAgent({ model: scriptedModel([text('A pixel.')]) });
    expect((await refusal(agent.send('  ', { files: [] }))).code).toBe('empty-message');
    await agent.send('', { files: [photo] });
    expect(agent.getState().messages[0]!.parts).toEqual([{ type: 'file', id: expect.any(String), ...photo }]);
  });

  it('with saveTo, writes text files as text and others as bytes into the sandbox, tells the model where, and a rollback removes them', async () => {
    const sandbox = createSandbox({ files: { '/uploads/photo.png': 'taken' } });
    const model = scriptedModel([text('Saved.'), text('Again.')]);
    const agent = createAgent({ model, sandbox });
    await agent.send('Keep these', { files: [photo, { mediaType: 'text/csv', filename: 'data.csv', data: btoa('a,b\n1,2\n') }], saveTo: '/uploads/' });
    expect(sandbox.readFile('/uploads/data.csv')).toBe('a,b\n1,2\n');
    expect(sandbox.readBytes('/uploads/photo-2.png')).toEqual(Uint8Array.from(atob(png), (character) => character.charCodeAt(0)));
    expect(lastUserContent(model)).toEqual([
      { type: 'file', mediaType: 'image/png', filename: 'photo.png', data: png },
      { type: 'text', text: '[The file photo.png is also in the workspace at /uploads/photo-2.png.]' },
      { type: 'file', mediaType: 'text/csv', filename: 'data.csv', data: btoa('a,b\n1,2\n') },
      { type: 'text', text: '[The file data.csv is also in the workspace at /uploads/data.csv.]' },
      { type: 'text', text: 'Keep these' },
    ]);
    // Regenerate rolls back (the copies go) and sends the same text and files again (saved again).
    await agent.regenerate();
    expect(lastUserContent(model)).toHaveLength(5);
    expect(sandbox.glob('/uploads/*')).toEqual(['/uploads/data.csv', '/uploads/photo-2.png', '/uploads/photo.png']);
    const { files } = await agent.rollback(agent.getState().messages[0]!.id);
    expect(files.map((file) => file.filename)).toEqual(['photo.png', 'data.csv']);
    expect(sandbox.glob('/uploads/*')).toEqual(['/uploads/photo.png']);
  });

  it('with saveTo, a write the sandbox refuses refuses the message and leaves the files as they were', async () => {
    const sandbox = createSandbox({ limits: { maxFileBytes: 10 } });
    const agent = createAgent({ model: scriptedModel([text('never')]), sandbox });
    const error = await refusal(agent.send('Keep', { files: [{ mediaType: 'text/plain', filename: 'a.txt', data: 'aGk=' }, photo], saveTo: '/uploads' }));
    expect(error.message).toMatch(/^send\(text, \{ saveTo \}\): photo.png could not be saved to \/uploads\/photo.png \(.+\)\. Nothing was sent\.$/);
    expect(sandbox.exists('/uploads/a.txt')).toBe(false);
    expect(sandbox.checkpoints()).toEqual([]);
    expect(agent.getState().messages).toEqual([]);
  });

  it('an edit keeps the message files', async () => {
    const model = scriptedModel([text('One.'), text('Two.')]);
    const agent = createAgent({ model });
    await agent.send('Describe', { files: [photo] });
    await agent.editMessage(agent.getState().messages[0]!.id, 'Describe it in one word');
    expect(lastUserContent(model)).toEqual([
      { type: 'file', mediaType: 'image/png', filename: 'photo.png', data: png },
      { type: 'text', text: 'Describe it in one word' },
    ]);
  });
});

describe('files in sessions and session files', () => {
  it('a session keeps the files: a second agent on the same storage has them, and sends them again', async () => {
    const storage = memorySessionStorage();
    const first = createAgent({ model: scriptedModel([text('A pixel.')]), session: { id: 'chat', storage, delayMs: 0, maxDelayMs: 0 } });
    await first.send('What is it?', { files: [photo] });
    await first.session!.flush();
    const model = scriptedModel([text('Still a pixel.')]);
    const second = createAgent({ model, session: { id: 'chat', storage, delayMs: 0, maxDelayMs: 0 } });
    await second.session!.ready;
    expect(second.getState().messages).toEqual(first.getState().messages);
    await second.send('And now?');
    expect(model.calls[0]!.prompt[0]).toEqual({ role: 'user', content: [{ type: 'file', mediaType: 'image/png', filename: 'photo.png', data: png }, { type: 'text', text: 'What is it?' }] });
  });

  it('a session file keeps the files through export and import', async () => {
    const agent = createAgent({ model: scriptedModel([text('A pixel.')]), sandbox: createSandbox() });
    await agent.send('What is it?', { files: [photo], saveTo: '/uploads' });
    const file = writeSessionFile(agent.snapshot());
    const restored = createAgent({ model: scriptedModel([]), sandbox: createSandbox(), snapshot: readSessionFile(file) });
    expect(restored.getState().messages[0]!.parts[0]).toEqual({ type: 'file', id: expect.any(String), ...photo, path: '/uploads/photo.png' });
    expect(restored.sandbox!.readBytes('/uploads/photo.png')).toHaveLength(atob(png).length);
  });

  it('a session file with a damaged or forged file part is refused, naming it, and nothing is loaded', async () => {
    const agent = createAgent({ model: scriptedModel([text('A pixel.')]) });
    await agent.send('What is it?', { files: [photo] });
    const snapshot = JSON.parse(writeSessionFile(agent.snapshot())) as { state: { messages: Array<{ parts: Array<Record<string, unknown>> }> } };
    const hostile = (change: (part: Record<string, unknown>) => void) => {
      const copy = structuredClone(snapshot);
      change(copy.state.messages[0]!.parts[0]!);
      return () => readSessionFile(JSON.stringify(copy));
    };
    expect(hostile((part) => (part.data = '"><img src=x onerror=alert(1)>'))).toThrow(new PersistenceError('corrupt', 'This is not a saved conversation that react-agent-kit can read: state.messages[0].parts[0].data: is not base64.'));
    expect(hostile((part) => (part.mediaType = 'text/html; x'))).toThrow(/state\.messages\[0\]\.parts\[0\]\.mediaType: expected a media type such as "image\/png"/);
    expect(hostile((part) => delete part.data)).toThrow(/state\.messages\[0\]\.parts\[0\]\.data: expected a string, got nothing/);
  });
});
