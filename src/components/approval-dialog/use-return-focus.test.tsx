// @vitest-environment jsdom
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { StrictMode, useEffect, useRef } from 'react';
import { afterEach, beforeEach, expect, it, vi } from 'vitest';
import { useReturnFocus } from './use-return-focus';

afterEach(cleanup);

beforeEach(() => {
  // As in a browser (jsdom differs): a disabled control takes no focus.
  const focus = HTMLElement.prototype.focus;
  vi.spyOn(HTMLElement.prototype, 'focus').mockImplementation(function (this: HTMLElement, options?: FocusOptions) {
    if (!this.matches(':disabled')) focus.call(this, options);
  });
});

function Prompt() {
  const ref = useRef<HTMLDivElement>(null);
  useReturnFocus(ref);
  useEffect(() => ref.current?.focus(), []);
  return (
    <div ref={ref} tabIndex={-1} aria-label="Prompt">
      Prompt
    </div>
  );
}

function Chat({ open, waiting }: { open: boolean; waiting: boolean }) {
  return (
    <div className="rak-root">
      <button type="button">Elsewhere</button>
      <fieldset disabled={waiting} data-rak-return-focus="">
        <textarea aria-label="Composer" />
      </fieldset>
      {open && <Prompt />}
    </div>
  );
}

it('gives focus back to the element that had it', () => {
  const { rerender } = render(<Chat open={false} waiting={false} />);
  const elsewhere = screen.getByRole('button', { name: 'Elsewhere' });
  elsewhere.focus();
  rerender(<Chat open waiting={false} />);
  expect(document.activeElement).toBe(screen.getByLabelText('Prompt'));
  rerender(<Chat open={false} waiting={false} />);
  expect(document.activeElement).toBe(elsewhere);
});

it('falls back to the marked composer, once it is enabled again, also when StrictMode runs effects twice', async () => {
  // Focus is nowhere when the prompt opens (a disabled composer was blurred), and the composer
  // is still disabled in the update that closes the prompt.
  const { rerender } = render(<Chat open={false} waiting />, { wrapper: StrictMode });
  rerender(<Chat open waiting />);
  expect(document.activeElement).toBe(screen.getByLabelText('Prompt'));
  // The person takes a moment to decide.
  await new Promise((resolve) => setTimeout(resolve, 600));
  expect(document.activeElement).toBe(screen.getByLabelText('Prompt'));
  rerender(<Chat open={false} waiting={false} />);
  await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Composer' })));
});
