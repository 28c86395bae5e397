import { afterEach, describe, expect, it, vi } from 'vitest';

/**
 * A tab's id survives its reloads and is not shared with a duplicate of the tab. Each "page" here
 * is a fresh copy of the module (as a reload gives), over a sessionStorage stand-in and the page's
 * lifecycle events.
 */

function page(storage: Map<string, string>) {
  const events = new EventTarget();
  vi.stubGlobal('sessionStorage', {
    getItem: (key: string) => storage.get(key) ?? null,
    setItem: (key: string, value: string) => void storage.set(key, value),
    removeItem: (key: string) => void storage.delete(key),
  });
  vi.stubGlobal('addEventListener', events.addEventListener.bind(events));
  return { leave: () => events.dispatchEvent(new Event('pagehide')) };
}

async function tabIdOfNewPage(): Promise<string> {
  vi.resetModules();
  const { thisTabId } = await import('./tab-identity');
  return thisTabId();
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('thisTabId', () => {
  it('is the same for every session of a page, and again after the tab reloads', async () => {
    const storage = new Map<string, string>();
    const first = page(storage);
    const id = await tabIdOfNewPage();
    const { thisTabId } = await import('./tab-identity');
    expect(thisTabId()).toBe(id);
    first.leave();
    page(storage);
    expect(await tabIdOfNewPage()).toBe(id);
  });

  it("a duplicated tab (its sessionStorage copied while the page lives) gets an id of its own", async () => {
    const storage = new Map<string, string>();
    page(storage);
    const original = await tabIdOfNewPage();
    page(new Map(storage));
    expect(await tabIdOfNewPage()).not.toBe(original);
  });

  it('without a page (Node), each caller is a tab of its own', async () => {
    vi.resetModules();
    const { thisTabId } = await import('./tab-identity');
    expect(thisTabId()).not.toBe(thisTabId());
  });
});
