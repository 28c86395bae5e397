/**
 * The SessionStorage contract over httpSessionStorage with its offline copy: the storage is one
 * browser tab talking to the real session routes; its peer is another tab of the same browser
 * (same IndexedDB copy, same server).
 */
import { describeSessionStorage } from '../../src/core/sessions/session-storage-contract';
import type { SessionStorage } from '../../src/core/sessions/index';
import { sessionServer, type Device } from './session-server';

const devices = new WeakMap<SessionStorage, Device>();

describeSessionStorage('httpSessionStorage with its offline copy', {
  create() {
    const browser = sessionServer().device();
    const storage = browser.open();
    devices.set(storage, browser);
    return storage;
  },
  peer: (storage) => devices.get(storage)!.open(),
});
