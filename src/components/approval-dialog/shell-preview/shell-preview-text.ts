import type { ShellRisk } from './shell-risks';

/** Every string the shell command preview shows, in one place (for translations). */
export const shellPreviewText = {
  label: 'Command',
  inFolder: ' in ',
  legend: 'Marked:',
  guide: 'The marks are a guide; read the whole command.',
  risks: {
    deletes: 'deletes files',
    discards: 'discards changes',
    overwrites: 'overwrites files',
    appends: 'adds to a file',
    permissions: 'changes permissions',
    privileges: 'runs as another user',
    'runs-code': 'runs a script',
  } satisfies Record<ShellRisk, string>,
} as const;
