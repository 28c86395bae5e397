import { PersistenceError, toPersistenceError } from '../persistence/persistence-error';

/**
 * Deletes a database; deleting one that does not exist is fine. When another tab still has it
 * open (and ignores the request to close), the browser queues the deletion and completes it once
 * that tab lets go; this resolves at once then rather than wait for it (which may never happen
 * while that tab stays open), so a caller such as `remove` cannot hang.
 *
 * @example
 * ```ts
 * await deleteDatabase(indexedDB, 'react-agent-kit:sessions:my-app:files:chat-1');
 * ```
 */
export function deleteDatabase(factory: IDBFactory | undefined, name: string): Promise<void> {
  const doing = `deleting the database "${name}"`;
  if (factory === undefined) return Promise.reject(new PersistenceError('unavailable', `IndexedDB is not available while ${doing}.`));
  return new Promise<void>((resolve, reject) => {
    let request: IDBOpenDBRequest;
    try {
      request = factory.deleteDatabase(name);
    } catch (error) {
      reject(toPersistenceError(error, doing));
      return;
    }
    request.onsuccess = () => resolve();
    // Queued behind another tab's connection: it completes later on its own.
    request.onblocked = () => resolve();
    request.onerror = (event) => {
      event.preventDefault();
      reject(toPersistenceError(request.error, doing));
    };
  });
}
