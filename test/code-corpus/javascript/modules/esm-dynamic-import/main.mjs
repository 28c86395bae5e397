console.log('before import');
const lazy = await import('./lazy.mjs');
console.log(lazy.value, lazy.default());
const again = await import('./lazy.mjs');
console.log(lazy === again);
try {
  await import('./missing.mjs');
} catch (error) {
  console.log('missing:', error.code);
}
