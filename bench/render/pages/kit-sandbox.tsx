/**
 * The kit loading a saved sandbox (issue 29): IndexedDB (`indexedDbSandboxStorage`) holds
 * `seed` files, stored before the measurement by `persistSandbox`; `<AgentChat>` over an agent
 * with an empty sandbox is on screen (not measured either). The measured work: `persistSandbox`
 * loading the files into that sandbox, and the page showing the change. With `edited=1`, one file
 * changed after the first save: that save was per file, so the whole-tree record is older than
 * the files and the load reads every file's record (as after a tab that closed without saving
 * the whole tree again).
 */
import { createAgent } from 'react-agent-kit';
import { AgentChat } from 'react-agent-kit/components';
import { createSandbox, indexedDbSandboxStorage, persistSandbox, type FileContent, type Sandbox } from 'react-agent-kit/sandbox';
import 'react-agent-kit/styles.css';
import './page.css';
import { earlierMessages } from './content';
import { renderInto, startMeasured } from './harness';
import { tokenModel } from './kit-model';

const storageName = 'bench-render-sandbox';
let sandbox: Sandbox | undefined;
let expected = 0;

/** `count` files in folders of 100, each a source file of a few hundred bytes to a few kilobytes. */
function sourceFiles(count: number): Record<string, FileContent> {
  // The benchmark's assistant messages are markdown of the sizes source files have.
  const texts = earlierMessages(Math.min(count, 2_000)).map((message) => message.text);
  const files: Record<string, FileContent> = {};
  for (let index = 0; index < count; index++) {
    files[`src/module-${Math.floor(index / 100)}/file-${index}.ts`] = `// file ${index}\n${texts[index % texts.length]}\n`;
  }
  return files;
}

startMeasured({
  async prepare(parameters) {
    expected = Number(parameters.get('seed') ?? 10_000);
    const stored = createSandbox({ files: sourceFiles(expected) });
    const storage = indexedDbSandboxStorage({ name: storageName });
    const persistence = await persistSandbox(stored, storage);
    if (persistence.loaded !== 'new') throw new Error(`Expected a new sandbox storage, got ${persistence.loaded}.`);
    if (parameters.get('edited') === '1') {
      stored.writeFile('src/module-0/file-0.ts', '// changed\n');
      if ((await persistence.flush()) !== 'saved') throw new Error('The changed file was not saved.');
    }
    await persistence.dispose();
    await storage.close();
    sandbox = createSandbox();
    await renderInto(document.getElementById('root')!, <AgentChat agent={createAgent({ model: tokenModel, sandbox })} />);
  },
  async run() {
    const persistence = await persistSandbox(sandbox!, indexedDbSandboxStorage({ name: storageName }));
    if (persistence.loaded !== 'restored') throw new Error(`The sandbox was not restored (${persistence.loaded}): ${String(persistence.error)}`);
    const { files } = sandbox!.usage();
    if (files !== expected) throw new Error(`The sandbox has ${files} files, not ${expected}.`);
  },
});
