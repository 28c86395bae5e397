// @vitest-environment jsdom
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { createAgent, createInitialState, type ToolCall } from '../../core/index';
import { AgentProvider } from '../../react/index';
import { scriptedModel } from '../../testing/index';
import { JsonBlock } from '../tool-timeline/json-block';
import { ToolTimeline } from '../tool-timeline/tool-timeline';
import { VisibleText } from './visible-text';

afterEach(cleanup);

describe('<VisibleText>', () => {
  it('shows each invisible character as a marked, named token', () => {
    const { container } = render(<VisibleText text={'rtl/safe\u202Egnp.exe'} />);
    expect(container.innerHTML).toBe(
      'rtl/safe<span class="rak-invisible-char" title="RIGHT-TO-LEFT OVERRIDE (U+202E), an invisible character" data-code-point="U+202E">U+202E</span>gnp.exe',
    );
  });

  it('renders a text without invisible characters as the bare text', () => {
    const { container } = render(<VisibleText text="report.pdf ❤️" />);
    expect(container.innerHTML).toBe('report.pdf ❤️');
  });

  it('keeps emoji sequences in prose and marks their joiners in strict mode', () => {
    const { container } = render(
      <>
        <p>
          <VisibleText text="👩‍💻 ready" mode="prose" />
        </p>
        <p>
          <VisibleText text="👩‍💻 ready" />
        </p>
      </>,
    );
    const [prose, strict] = [...container.querySelectorAll('p')];
    expect(prose!.textContent).toBe('👩‍💻 ready');
    expect(strict!.textContent).toBe('👩U+200D💻 ready');
  });
});

describe('read-only views of arguments', () => {
  it('marks invisible characters in a JSON block', () => {
    render(<JsonBlock label="Arguments" value={{ path: 'a\u2066b', note: 'tag\u{E0041}' }} />);
    const block = screen.getByLabelText('Arguments');
    expect([...block.querySelectorAll('.rak-invisible-char')].map((mark) => mark.textContent)).toEqual(['U+2066', 'U+E0041']);
    expect(block.querySelectorAll('.rak-invisible-char')[1]!.getAttribute('title')).toContain('hides "A"');
  });

  it('marks them in the tool timeline: the name, the one-line summary and the details', () => {
    const call: ToolCall = {
      id: 'c1',
      name: 'move_file',
      messageId: 'm1',
      inputText: '',
      input: { from: '/a.png', to: '/safe\u202Egnp.exe' },
      state: 'output-available',
      output: { moved: true },
      audit: [{ state: 'input-streaming', at: 1, by: 'runtime' }],
    };
    const agent = createAgent({ model: scriptedModel([]), initialState: { ...createInitialState(), toolCalls: [call] } });
    render(
      <AgentProvider agent={agent}>
        <ToolTimeline />
      </AgentProvider>,
    );
    const row = document.querySelector<HTMLElement>('[data-tool-call-id="c1"]')!;
    expect(row.querySelector('.rak-timeline-summary')!.textContent).toBe('from: "/a.png", to: "/safeU+202Egnp.exe"');
    fireEvent.click(within(row).getByRole('button', { expanded: false }));
    expect(within(row).getByRole('region', { name: 'move_file details' }).querySelector('pre .rak-invisible-char')!.textContent).toBe('U+202E');
    expect(row.textContent).not.toContain('\u202E');
  });
});
