/**
 * A browser tab's id among the tabs sharing a conversation, kept across the tab's reloads, so a
 * call that must run in the tab a message was sent from (`tab: 'sender'`) finds it again after
 * a reload. It lives in `sessionStorage`, which belongs to one tab and survives its reloads, but
 * only while the page is gone: the page takes it out when it starts and puts it back when it goes
 * (`pagehide`). A duplicated tab, whose `sessionStorage` starts as a copy, finds none and takes
 * an id of its own.
 */
import { createId } from '../../store/ids';

const key = 'react-agent-kit:tab';
let pageTab: string | undefined;

/**
 * This page's tab id (the same for every session of the page); a new id for each call where there
 * is no page (Node, tests), where each agent plays a tab of its own.
 *
 * @example
 * ```ts
 * const tab = thisTabId(); // 'tab_…', the same after a reload of this tab
 * ```
 */
export function thisTabId(): string {
  const scope = globalThis as { sessionStorage?: Storage; addEventListener?: typeof addEventListener };
  const storage = readableSessionStorage(scope);
  if (storage === undefined || typeof scope.addEventListener !== 'function') return createId('tab');
  if (pageTab !== undefined) return pageTab;
  const tab = storage.getItem(key) ?? createId('tab');
  pageTab = tab;
  storage.removeItem(key);
  scope.addEventListener('pagehide', () => {
    try {
      storage.setItem(key, tab);
    } catch {
      // Storage full or blocked: the reloaded tab takes a new id, and calls waiting for this one time out.
    }
  });
  // Back from the back-forward cache: the page goes on, and a duplicate of it must not take its id.
  scope.addEventListener('pageshow', () => storage.removeItem(key));
  return tab;
}

/** `sessionStorage`, unless reading it throws (storage blocked, an opaque origin). */
function readableSessionStorage(scope: { sessionStorage?: Storage }): Storage | undefined {
  try {
    const storage = scope.sessionStorage;
    storage?.getItem(key);
    return storage;
  } catch {
    return undefined;
  }
}
