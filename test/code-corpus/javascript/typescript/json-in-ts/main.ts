import settings from './settings.json' with { type: 'json' };
import { readFileSync } from 'node:fs';
interface Settings { limits: { max: number }; names: string[] }
const typed: Settings = settings;
const raw = JSON.parse(readFileSync('settings.json', 'utf8')) as Settings;
console.log(typed.limits.max, typed.names.join('+'), raw.names.length);
