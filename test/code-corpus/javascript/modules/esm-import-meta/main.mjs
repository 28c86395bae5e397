import { fileURLToPath } from 'node:url';
import path from 'node:path';
console.log(import.meta.url.startsWith('file://'));
console.log(path.basename(fileURLToPath(import.meta.url)));
console.log(path.relative(process.cwd(), path.dirname(fileURLToPath(import.meta.url))) === '');
