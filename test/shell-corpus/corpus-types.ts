/**
 * The shapes of the shell corpus: small scripts of everyday agent use, each run by the kit's shell
 * and by GNU bash on the same starting files (see `run-corpus.ts`).
 */

/** The groups the corpus reports its match rate by; they follow the commands the README lists. */
export type CorpusCategory =
  | 'files'
  | 'grep'
  | 'sed'
  | 'awk'
  | 'text'
  | 'control-flow'
  | 'expansion'
  | 'pipes-redirects'
  | 'functions-arithmetic'
  | 'find-xargs'
  | 'other-commands';

/** One script of the corpus. */
export interface CorpusScript {
  category: CorpusCategory;
  script: string;
  /** Where it is written: `grep.txt:12`. */
  source: string;
}

/** What came of one script. */
export type CorpusOutcome = 'match' | 'refused' | 'wrong';

/** The files every script starts with, in its working folder (`/work` in the kit). */
export const corpusFiles: Readonly<Record<string, string>> = Object.freeze({
  'README.md': '# Demo project\n\nA small project for the shell corpus.\nTODO: write more docs\n',
  'notes.txt': 'alpha\nbeta\ngamma\nalpha beta\n  indented line\nlast line without digits\n',
  'numbers.txt': '10\n2\n33\n2\n7\n100\n',
  'data.csv': 'name,age,city\nalice,30,paris\nbob,25,berlin\ncarol,35,paris\ndave,40,rome\n',
  'log.txt': 'INFO start\nWARN disk 80%\nERROR failed to open file.txt\nINFO retry 2\nERROR timeout after 30s\nINFO done\n',
  'config.json': '{"name":"demo","version":"1.2.3","deps":{"a":"^1.0.0","b":"~2.1.0"},"tags":["x","y"]}\n',
  'src/index.ts': "import { util } from './util';\n\nexport const answer = 42;\n// TODO: remove\nconsole.log(util(answer));\n",
  'src/util.ts': 'export function util(value: number): number {\n  return value * 2;\n}\n',
  'src/lib/helpers.ts': 'export const helper = 1;\n// TODO: more helpers\n',
  'src/lib/strings.ts': "export const greeting = 'hello world';\n",
  'docs/guide.md': '# Guide\n\nStep 1: install\nStep 2: run\n',
  'docs/api.md': '# API\n\n- run()\n- stop()\n',
  'scripts/build.sh': '#!/bin/bash\necho building\n',
  'empty.txt': '',
  'words.txt': 'the quick brown fox\njumps over the lazy dog\nThe end\n',
});

