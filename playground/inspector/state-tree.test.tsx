// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, expect, test } from 'vitest';
import { StateTree } from './state-tree';

afterEach(cleanup);

/** A toggle by its text (role queries are slow over hundreds of nodes in jsdom). */
const toggle = (container: HTMLElement, name: string) => [...container.querySelectorAll('button')].find((button) => button.textContent === `${name}`)!;

const messages = Array.from({ length: 10_000 }, (_, index) => ({ role: index % 2 ? 'assistant' : 'user', status: 'done', id: `m${index}`, parts: [{ type: 'text', text: `message ${index}` }] }));

test('a state with 10,000 messages renders only what is open, a hundred nodes a level at most', () => {
  const { container } = render(<StateTree label="State" value={{ status: 'idle', messages }} />);
  expect(container.querySelectorAll('li')).toHaveLength(3);

  fireEvent.click(screen.getByRole('button', { name: 'messages: Array(10,000)' }));
  expect(container.querySelectorAll('li')).toHaveLength(3 + 100);

  fireEvent.click(toggle(container, '▸[9900 … 9999]'));
  expect(container.querySelectorAll('li')).toHaveLength(3 + 100 + 100);
  const last = toggle(container, '▸9999: { role: "assistant", status: "done", id: "m9999", … }');
  expect(last.getAttribute('aria-expanded')).toBe('false');
  fireEvent.click(last);
  expect(last.getAttribute('aria-expanded')).toBe('true');
  expect(within(last.parentElement!).getByRole('button', { name: 'parts: Array(1)' })).toBeDefined();
});

test('an opened node stays open when the value changes under it, and a long string opens to its full text', () => {
  const long = `${'a long line '.repeat(20)}end`;
  const { rerender } = render(<StateTree label="State" value={{ messages: [{ text: 'first' }] }} />);
  fireEvent.click(screen.getByRole('button', { name: 'messages: Array(1)' }));
  rerender(<StateTree label="State" value={{ messages: [{ text: 'first' }, { text: long }] }} />);
  expect(screen.getByRole('button', { name: 'messages: Array(2)' }).getAttribute('aria-expanded')).toBe('true');

  fireEvent.click(screen.getByRole('button', { name: /^1: \{ text: / }));
  const text = screen.getByRole('button', { name: /^text: "a long line/ });
  fireEvent.click(text);
  expect(text.parentElement!.querySelector('pre')!.textContent).toBe(long);
});
