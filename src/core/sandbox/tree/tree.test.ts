import { describe, expect, it } from 'vitest';
import { isSandboxError } from './sandbox-errors';
import { emptyDirectory, lookup, measure, setNode, walkFiles, type FileNode } from './tree';

const file = (content: string): FileNode => ({ kind: 'file', content, size: content.length, modified: 0 });

describe('tree', () => {
  it('without an owner, every change copies the path and leaves the old root untouched', () => {
    const root = setNode(emptyDirectory(0), ['a', 'b.txt'], file('one'), 1);
    const next = setNode(root, ['a', 'b.txt'], file('two'), 2);
    expect(next).not.toBe(root);
    expect((lookup(root, ['a', 'b.txt']) as FileNode).content).toBe('one');
    expect((lookup(next, ['a', 'b.txt']) as FileNode).content).toBe('two');
  });

  it('shares untouched subtrees between versions', () => {
    const root = setNode(setNode(emptyDirectory(0), ['x', 'f'], file('x'), 0), ['y', 'g'], file('y'), 0);
    const next = setNode(root, ['y', 'g'], file('changed'), 1);
    expect(lookup(next, ['x'])).toBe(lookup(root, ['x']));
    expect(lookup(next, ['y'])).not.toBe(lookup(root, ['y']));
  });

  it('changes nodes in place only when they belong to the given owner', () => {
    const session = {};
    const shared = setNode(emptyDirectory(0), ['a', 'f'], file('1'), 0); // no owner: frozen
    const owned = setNode(shared, ['a', 'f'], file('2'), 1, session);
    expect(owned).not.toBe(shared); // a frozen node is copied, and the copy is owned
    const again = setNode(owned, ['a', 'g'], file('3'), 2, session);
    expect(again).toBe(owned); // owned: changed in place
    expect(lookup(shared, ['a', 'g'])).toBeUndefined();
    expect(setNode(owned, ['a', 'h'], file('4'), 3, {})).not.toBe(owned); // another session copies
  });

  it('refuses to descend through a file, before changing anything', () => {
    const session = {};
    const root = setNode(emptyDirectory(0, session), ['f'], file('x'), 0, session);
    try {
      setNode(root, ['f', 'inner'], file('y'), 1, session);
      expect.unreachable();
    } catch (error) {
      expect(isSandboxError(error, 'not-a-directory')).toBe(true);
    }
    expect([...root.children.keys()]).toEqual(['f']);
  });

  it('walks files in sorted order and measures subtrees', () => {
    let root = emptyDirectory(0);
    for (const path of ['b/2', 'a/1', 'b/1/deep', 'c']) root = setNode(root, path.split('/'), file('ab'), 0);
    const seen: string[] = [];
    walkFiles(root, '/', (path) => seen.push(path));
    expect(seen).toEqual(['/a/1', '/b/1/deep', '/b/2', '/c']);
    expect(measure(root)).toEqual({ files: 4, bytes: 8, depth: 3, pathLength: 'b/1/deep'.length + 1 });
  });
});
