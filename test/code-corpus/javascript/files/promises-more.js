const { readdir, access, rename, unlink, copyFile, writeFile, readFile, mkdir, stat } = require('node:fs/promises');
(async () => {
  await mkdir('p/q', { recursive: true });
  await writeFile('p/a.txt', 'A');
  await copyFile('p/a.txt', 'p/q/b.txt');
  await rename('p/a.txt', 'p/c.txt');
  const entries = await readdir('p', { withFileTypes: true });
  console.log(entries.map((entry) => `${entry.name}:${entry.isDirectory()}`).sort());
  await access('p/c.txt');
  await unlink('p/c.txt');
  try {
    await access('p/c.txt');
  } catch (error) {
    console.log(error.code, error.syscall);
  }
  console.log(await readFile('p/q/b.txt', { encoding: 'utf8' }), (await stat('p/q')).isDirectory());
})();
