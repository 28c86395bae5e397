console.log('main starts');
import { config } from './config.mjs';
console.log('main has config', config);
