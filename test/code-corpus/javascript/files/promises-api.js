const fs = require('fs/promises');
async function main() {
  await fs.mkdir('out/logs', { recursive: true });
  await fs.writeFile('out/logs/a.txt', 'A');
  await fs.appendFile('out/logs/a.txt', 'B');
  console.log(await fs.readFile('out/logs/a.txt', 'utf8'));
  console.log((await fs.readdir('out')).sort());
  const info = await fs.stat('out/logs/a.txt');
  console.log(info.size);
  try {
    await fs.readFile('out/none.txt');
  } catch (error) {
    console.log('rejected with', error.code);
  }
  await fs.rm('out/logs', { recursive: true });
  console.log(await fs.readdir('out'));
}
main();
