async function* ticker(count, ms) {
  for (let index = 0; index < count; index++) {
    await new Promise((resolve) => setTimeout(resolve, ms));
    yield index;
  }
}
(async () => {
  const started = [];
  for await (const tick of ticker(3, 2)) started.push(tick);
  console.log('ticks', started);
  const results = await Promise.all([ticker(2, 5), ticker(2, 1)].map(async (gen) => { const out = []; for await (const v of gen) out.push(v); return out; }));
  console.log(results);
})();
