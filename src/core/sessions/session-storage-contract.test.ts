/**
 * The SessionStorage contract (session-storage-contract.ts) over the kit's browser storages.
 */
import { IDBFactory } from 'fake-indexeddb';
import { indexedDbSessionStorage } from './indexed-db-session-storage';
import { memorySessionStorage } from './memory-session-storage';
import { describeSessionStorage, type StorageKind } from './session-storage-contract';
import type { SessionStorage } from './session-types';

let counter = 0;
const factories = new WeakMap<SessionStorage, { name: string; factory: IDBFactory }>();
const storages: [string, StorageKind][] = [
  [
    'indexedDbSessionStorage',
    {
      create() {
        // A unique name keeps each test's BroadcastChannel apart from the others'.
        const place = { name: `contract-${(counter += 1)}`, factory: new IDBFactory() };
        const storage = indexedDbSessionStorage({ name: place.name, indexedDB: place.factory });
        factories.set(storage, place);
        return storage;
      },
      peer(storage) {
        const place = factories.get(storage)!;
        return indexedDbSessionStorage({ name: place.name, indexedDB: place.factory });
      },
    },
  ],
  ['memorySessionStorage', { create: () => memorySessionStorage(), peer: (storage) => storage }],
];

for (const [name, kind] of storages) describeSessionStorage(name, kind);
