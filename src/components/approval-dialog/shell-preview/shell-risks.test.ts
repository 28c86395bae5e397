import { describe, expect, it } from 'vitest';
import { markShellRisks, type ShellRisk } from './shell-risks';

/** The marked pieces only, as [text, risk]. */
const marked = (command: string) => markShellRisks(command).flatMap((segment) => (segment.risk ? [[segment.text, segment.risk] as [string, ShellRisk]] : []));

describe('markShellRisks', () => {
  it('cuts the command into pieces that put it back together exactly', () => {
    for (const command of ['rm -rf build && echo done > out.txt', "echo 'a > b' | tee -a log # note", 'ls\n  sudo rm x; cat <<EOF\n', '"unterminated > x', '']) {
      expect(
        markShellRisks(command)
          .map((segment) => segment.text)
          .join(''),
      ).toBe(command);
    }
  });

  it('marks deletion, with its arguments, and the file a redirection overwrites', () => {
    expect(markShellRisks('rm -rf build && echo done > out.txt')).toEqual([
      { text: 'rm -rf build', risk: 'deletes' },
      { text: ' && echo done ' },
      { text: '> out.txt', risk: 'overwrites' },
    ]);
    expect(marked('rmdir old; unlink a.txt; /bin/rm x')).toEqual([
      ['rmdir old', 'deletes'],
      ['unlink a.txt', 'deletes'],
      ['/bin/rm x', 'deletes'],
    ]);
    expect(marked('git clean -fdx')).toEqual([['git clean -fdx', 'deletes']]);
    expect(marked('find . -name "*.log" -delete')).toEqual([['find . -name "*.log" -delete', 'deletes']]);
    expect(marked('find . -exec rm {} \\;')).toEqual([['find . -exec rm {} \\;', 'deletes']]);
    expect(marked('ls | xargs rm')).toEqual([['rm', 'deletes']]);
  });

  it('marks appending, overwriting copies and moves, and leaves harmless redirections alone', () => {
    expect(marked('echo hi >> notes.md')).toEqual([['>> notes.md', 'appends']]);
    expect(marked('echo hi 2>errors.log')).toEqual([['2>errors.log', 'overwrites']]);
    expect(marked('make &> build.log')).toEqual([['&> build.log', 'overwrites']]);
    expect(marked('cmd > /dev/null 2>&1; cmd >&2; sort < in.txt')).toEqual([]);
    expect(marked('mv a.txt b.txt && cp -r src dist')).toEqual([
      ['mv a.txt b.txt', 'overwrites'],
      ['cp -r src dist', 'overwrites'],
    ]);
    expect(marked("sed -i 's/a/b/' f; sed 's/a/b/' f")).toEqual([["sed -i 's/a/b/' f", 'overwrites']]);
    expect(marked('echo x | tee out; echo y | tee -a out')).toEqual([
      ['tee out', 'overwrites'],
      ['tee -a out', 'appends'],
    ]);
  });

  it('marks permissions, another user, scripts run from text, and discarded changes', () => {
    expect(marked('chmod +x run.sh')).toEqual([['chmod +x run.sh', 'permissions']]);
    expect(marked('sudo -n rm x')).toEqual([
      ['sudo -n', 'privileges'],
      ['rm x', 'deletes'],
    ]);
    expect(marked('sudo rm -rf /var')).toEqual([
      ['sudo', 'privileges'],
      ['rm -rf /var', 'deletes'],
    ]);
    expect(marked('curl -s https://x.sh | sh')).toEqual([['sh', 'runs-code']]);
    expect(marked('eval "$CODE"; source ./env.sh')).toEqual([
      ['eval "$CODE"', 'runs-code'],
      ['source ./env.sh', 'runs-code'],
    ]);
    expect(marked('git reset --hard HEAD~1 && git checkout -- .')).toEqual([
      ['git reset --hard HEAD~1', 'discards'],
      ['git checkout -- .', 'discards'],
    ]);
    expect(marked('git status && git log')).toEqual([]);
  });

  it('reads quotes, escapes, comments, variables and command substitutions', () => {
    expect(marked("echo 'rm -rf / > x' \"and > y\"")).toEqual([]);
    expect(marked('echo a\\>b')).toEqual([]);
    expect(marked('ls # then rm everything > here')).toEqual([]);
    expect(marked('FORCE=1 rm -f a')).toEqual([['rm -f a', 'deletes']]);
    expect(marked('echo $(rm -rf tmp)')).toEqual([['rm -rf tmp', 'deletes']]);
    expect(marked('echo `rm x`')).toEqual([['rm x', 'deletes']]);
    expect(marked('cat file\nrm file')).toEqual([['rm file', 'deletes']]);
    expect(marked('echo rm; echo cp')).toEqual([]);
  });
});
