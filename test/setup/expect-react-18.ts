import { version } from 'react';
import { version as domVersion } from 'react-dom';

// vitest.react18.config.ts aliases React to the React 18 fixture; a run on another React proves nothing.
if (!version.startsWith('18.') || !domVersion.startsWith('18.')) {
  throw new Error(`vitest.react18.config.ts: expected React 18, got react ${version} and react-dom ${domVersion} (run npm ci --prefix test/fixtures/react-18)`);
}
