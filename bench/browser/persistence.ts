/**
 * Sandbox persistence in a real browser (Chromium's IndexedDB), 1,000 and 10,000 files of about
 * 1 KB: the first whole-tree save, a cold load, an incremental save of changed files, a load that
 * must read every per-file record, the whole-tree refresh, a `persistSandbox` reopen, and what an
 * agent turn and its rollback cost to save. Run by `npm run bench:browser`
 * (bench/browser/run.mjs), which prints the table; numbers are medians of a few rounds.
 */
import { createSandbox, indexedDbSandboxStorage, persistSandbox, type Sandbox } from '../../src/core/sandbox/index';

const line = 'export const value = compute(input, options); // a typical line of code\n';

function sandboxOf(count: number): Sandbox {
  const sandbox = createSandbox();
  for (let index = 0; index < count; index++) {
    sandbox.writeFile(`/pkg-${index % 10}/mod-${Math.floor(index / 10) % 10}/file-${Math.floor(index / 100)}.ts`, line.repeat(14) + `// file ${index}\n`);
  }
  return sandbox;
}

const longTasks: PerformanceEntry[] = [];
new PerformanceObserver((list) => longTasks.push(...list.getEntries())).observe({ type: 'longtask' });
/** The longest task (over 50 ms; 0 when none) of the last `time` call: how long the page could not respond. */
let lastLongest = 0;

async function time(run: () => unknown): Promise<number> {
  const started = performance.now();
  await run();
  const elapsed = performance.now() - started;
  // Long-task entries arrive after the task: give the observer a moment.
  await new Promise((resolve) => setTimeout(resolve, 30));
  lastLongest = Math.max(0, ...longTasks.filter((task) => task.startTime + task.duration > started && task.startTime < started + elapsed).map((task) => task.duration));
  return elapsed;
}

function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

async function deleteDatabase(name: string): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const request = indexedDB.deleteDatabase(`react-agent-kit:${name}`);
    request.onsuccess = () => resolve();
    request.onerror = () => reject(request.error!);
  });
}

async function measure(files: number, rounds: number): Promise<Record<string, number>> {
  const results: Record<string, number[]> = {};
  const add = (name: string, ms: number) => (results[name] ??= []).push(ms);
  const sandbox = sandboxOf(files);
  const records = sandbox.toRecords();
  for (let round = 0; round < rounds; round++) {
    const name = `bench-${files}-${round}`;
    await deleteDatabase(name);
    const storage = indexedDbSandboxStorage({ name });
    await storage.load(); // opens the database, so the rows below measure the work itself
    add('saveAll (whole tree, first save)', await time(() => storage.saveAll(records)));
    add('  its longest task, worst round (0: none over 50 ms)', lastLongest);
    add('load (cold, whole-tree record)', await time(() => storage.load()));
    add('  its longest task, worst round', lastLongest);
    const changed = records.slice(0, 100).map((record) => ({ ...record, modified: record.modified + 1 }));
    add('save 100 changed files (per-file records)', await time(() => storage.save({ written: changed, deleted: [] })));
    add('load after per-file saves (reads every record)', await time(() => storage.load()));
    add('refreshWholeTree (the whole-tree record alone)', await time(() => storage.refreshWholeTree!(records)));
    add('load after refreshWholeTree', await time(() => storage.load()));
    await storage.close();

    // What a page does on reload: open the storage, load, replace the sandbox's tree.
    const reopened = createSandbox();
    add('persistSandbox reopen (open + load + sandbox.load)', await time(() => persistSandbox(reopened, indexedDbSandboxStorage({ name }), { onError: () => undefined })));
    add('  its longest task, worst round ', lastLongest);
    if (reopened.usage().files !== files) throw new Error(`reopened ${reopened.usage().files} files, expected ${files}`);
    const persistence = await persistSandbox(reopened, indexedDbSandboxStorage({ name }), { onError: () => undefined });
    const turn = reopened.checkpoint();
    add('agent turn: edit 10 files, then save', await time(() => {
      for (const record of records.slice(0, 10)) reopened.writeFile(record.path, `changed in round ${round}\n`);
      return persistence.flush();
    }));
    add('rollback of that turn, then save', await time(() => {
      reopened.restore(turn);
      return persistence.flush();
    }));
    await persistence.dispose();
    await deleteDatabase(name);
  }
  // The longest task is the worst of the rounds, the times their medians.
  return Object.fromEntries(Object.entries(results).map(([name, values]) => [name, name.includes('longest task') ? Math.max(...values) : median(values)]));
}

const output = document.getElementById('out')!;
try {
  const result = { '1,000 files': await measure(1_000, 5), '10,000 files': await measure(10_000, 5) };
  (window as unknown as { benchResult: unknown }).benchResult = result;
  output.textContent = JSON.stringify(result, null, 2);
} catch (error) {
  (window as unknown as { benchResult: unknown }).benchResult = { error: String(error) };
  output.textContent = String(error);
}
