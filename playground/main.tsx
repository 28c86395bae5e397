import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import 'react-agent-kit/styles.css';
import './playground.css';
import { App } from './app';
import { openWorkspace } from './workspace';

// The workspace loads before the first render, so the agent starts with the files of the last visit.
const workspace = await openWorkspace();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App workspace={workspace} />
  </StrictMode>,
);
