/**
 * The floor: the cheapest honest way to show a streamed reply, to measure the others against. No
 * framework and no markdown: the earlier messages are one plain-text node in a box with
 * `contain: content` (its layout is its own, so nothing outside it lays it out again), each token
 * is appended to the reply's one text node as it arrives, and the thread follows the reply to the
 * bottom once per frame (the browser lays out once per frame anyway). Same contract as every
 * variant: the same earlier messages, the same token source, the same readiness rule.
 */
import './page.css';
import './floor.css';
import { startBench } from './harness-core';

let thread: HTMLElement | undefined;
let followPending = false;

/** Scrolls the thread to the bottom at the next frame, once however many tokens arrive before it. */
function follow(): void {
  if (followPending) return;
  followPending = true;
  requestAnimationFrame(() => {
    followPending = false;
    thread!.scrollTop = thread!.scrollHeight;
  });
}

function element(tag: string, className: string, text?: string): HTMLElement {
  const created = document.createElement(tag);
  created.className = className;
  if (text !== undefined) created.textContent = text;
  return created;
}

startBench({
  threadSelector: '[data-bench-thread]',
  async mount(container, seed) {
    const chat = element('main', 'bench-chat');
    thread = element('div', 'bench-thread');
    thread.dataset.benchThread = '';
    thread.setAttribute('role', 'log');
    if (seed.length > 0) thread.append(element('div', 'bench-message bench-floor-history', seed.map((message) => message.text).join('\n\n')));
    const composer = element('form', 'bench-composer');
    const input = element('textarea', '');
    input.setAttribute('aria-label', 'Message');
    composer.append(input, element('button', '', 'Send'));
    chat.append(thread, composer);
    container.append(chat);
    thread.scrollTop = thread.scrollHeight;
  },
  async send(text, reply) {
    thread!.append(element('div', 'bench-message bench-user bench-text', text));
    const answer = document.createTextNode('');
    thread!.append(element('div', 'bench-message bench-text'));
    thread!.lastElementChild!.append(answer);
    follow();
    const reader = reply().getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      answer.appendData(value);
      follow();
    }
  },
});
