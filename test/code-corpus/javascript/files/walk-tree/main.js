const fs = require('fs');
const path = require('path');
function walk(directory, depth = 0) {
  let total = 0;
  for (const entry of fs.readdirSync(directory, { withFileTypes: true }).sort((a, b) => (a.name < b.name ? -1 : 1))) {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) {
      console.log(`${'  '.repeat(depth)}${entry.name}/`);
      total += walk(full, depth + 1);
    } else {
      const size = fs.statSync(full).size;
      total += size;
      console.log(`${'  '.repeat(depth)}${entry.name} (${size} bytes, ${path.extname(entry.name) || 'no ext'})`);
    }
  }
  return total;
}
console.log('total', walk('data'));
