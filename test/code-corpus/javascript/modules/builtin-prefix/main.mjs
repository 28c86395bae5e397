import { join } from 'node:path';
import path from 'path';
import { EventEmitter } from 'node:events';
import * as fs from 'node:fs';
import { createRequire } from 'node:module';
const require = createRequire(import.meta.url);
console.log(join('a', 'b'), path.sep, typeof EventEmitter, typeof fs.readFileSync);
console.log(require('node:os').EOL === '\n');
