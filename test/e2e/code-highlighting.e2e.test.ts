import { expect, test } from 'vitest';
import { openPlayground, screenshot } from './setup/browser';

/**
 * A reply with code in the playground (issue 17): the demo's markdown tour has a TSX block, which
 * is highlighted once it is complete, and the reply offers Copy. Screenshots light and dark, on a
 * desktop and a phone (test-results/code-highlighting-*.png).
 */
for (const viewport of [
  { width: 1280, height: 860 },
  { width: 390, height: 844 },
]) {
  for (const theme of ['light', 'dark'] as const) {
    test(`a reply with highlighted code and Copy, ${theme}, ${viewport.width}x${viewport.height}`, async () => {
      const { page, errors } = await openPlayground('', { viewport });
      await page.emulateMedia({ colorScheme: theme });
      const composer = page.getByRole('textbox', { name: 'Message' });
      await composer.fill('Show me some markdown');
      await composer.press('Enter');
      const reply = page.locator('.rak-message[data-role="assistant"][data-status="done"]');
      await reply.waitFor({ timeout: 30_000 });
      const block = reply.locator('.rak-md-code');
      await expect.poll(() => block.getAttribute('data-highlighted'), { timeout: 15_000 }).toBe('');
      expect(await block.locator('.rak-tok-keyword').first().innerText()).toBe('import');
      const copy = reply.getByRole('button', { name: 'Copy reply' });
      expect(await copy.isVisible()).toBe(true);
      await block.scrollIntoViewIfNeeded();
      await screenshot(page, `code-highlighting-${theme}-${viewport.width}x${viewport.height}`);
      expect(errors).toEqual([]);
    });
  }
}
