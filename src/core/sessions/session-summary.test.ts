import { describe, expect, it } from 'vitest';
import { createInitialState, type AgentState, type Message } from '../store/state';
import { byRecentUpdate, sessionMessageCount, sessionTitle, toSessionSummary } from './session-summary';

const message = (role: Message['role'], ...texts: string[]): Message => ({
  id: `${role}-${texts.join()}`,
  role,
  parts: texts.map((text, index) => ({ type: 'text', id: `t${index}`, text, status: 'done' })),
  status: 'done',
  createdAt: 0,
});
const stateWith = (...messages: Message[]): AgentState => ({ ...createInitialState(), messages });

describe('sessionTitle', () => {
  it('takes the first user message with text, whitespace collapsed', () => {
    const state = stateWith(message('assistant', 'Hello, how can I help?'), message('user', ''), message('user', '  Plan\n\ta trip', ' to Lisbon  '), message('user', 'later'));
    expect(sessionTitle(state)).toBe('Plan a trip to Lisbon');
  });

  it('ignores parts that are not text', () => {
    const user: Message = { ...message('user', 'Fix the build'), parts: [{ type: 'tool-call', toolCallId: 'c1' }, ...message('user', 'Fix the build').parts] };
    expect(sessionTitle(stateWith(user))).toBe('Fix the build');
  });

  it('cuts long text at 60 characters with an ellipsis, without splitting an emoji', () => {
    const long = sessionTitle(stateWith(message('user', 'word '.repeat(30))));
    expect(Array.from(long)).toHaveLength(60);
    expect(long.endsWith('word…')).toBe(true);
    const exact = 'x'.repeat(60);
    expect(sessionTitle(stateWith(message('user', exact)))).toBe(exact);
    const emoji = sessionTitle(stateWith(message('user', `${'a'.repeat(58)}😀😀😀`)));
    expect(emoji).toBe(`${'a'.repeat(58)}😀…`);
  });

  it('is "New chat" when the person has not written anything yet', () => {
    expect(sessionTitle(createInitialState())).toBe('New chat');
    expect(sessionTitle(stateWith(message('assistant', 'Hi'), message('user', '   ')))).toBe('New chat');
    expect(sessionTitle({} as AgentState)).toBe('New chat');
  });

  it('reads past damaged entries instead of throwing (a storage derives titles of whatever it is handed)', () => {
    const damaged = { ...createInitialState(), messages: [null, { ...message('user', 'x'), parts: [null, 'x', ...message('user', 'Hello').parts] }] } as unknown as AgentState;
    expect(sessionTitle(damaged)).toBe('Hello');
  });
});

describe('summaries', () => {
  it('counts every message', () => {
    expect(sessionMessageCount(stateWith(message('user', 'a'), message('assistant', 'b')))).toBe(2);
    expect(sessionMessageCount({} as AgentState)).toBe(0);
  });

  it('keeps only the list fields and orders newest first, ties by id', () => {
    const record = { id: 'b', title: 'B', createdAt: 1, updatedAt: 5, messageCount: 2, revision: 3, titled: true, snapshot: {} };
    expect(toSessionSummary(record as never)).toEqual({ id: 'b', title: 'B', createdAt: 1, updatedAt: 5, messageCount: 2, revision: 3 });
    const rows = [
      { ...record, id: 'c', updatedAt: 1 },
      { ...record, id: 'b' },
      { ...record, id: 'a' },
    ];
    expect(rows.sort(byRecentUpdate).map((row) => row.id)).toEqual(['a', 'b', 'c']);
  });
});
