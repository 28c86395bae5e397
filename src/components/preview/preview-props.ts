import type { PreviewLogEntry, Sandbox } from '../../core/sandbox/index';
import type { PreviewImportMap } from './build-preview';

/** Props of `Preview`. */
export interface PreviewProps {
  /** The files the page is built from; the preview reloads when one it uses changes. */
  sandbox: Sandbox;
  /** The HTML file to show, a sandbox path. Default `index.html`. */
  entry?: string;
  /**
   * Packages the page may import by name (`import { createRoot } from 'react-dom/client'`): each
   * specifier maps to the URL of a self-contained ES module that your app serves (pre-bundled, no
   * imports of its own but other names of this map). The page fetches each once from your origin
   * and hands it to the frame inline, so the frame itself still loads nothing from the network.
   * `data:` URLs are taken as they are.
   */
  importMap?: PreviewImportMap;
  /** Origins the page may reach (`https://api.example.com`); none by default. */
  allowedOrigins?: readonly string[];
  /** The page's console, uncaught errors, build errors and status: pass `createPreviewLog().record` to give them to the agent. */
  onLog?: (entry: PreviewLogEntry) => void;
  /** Where `jsx` comes from in TSX/JSX files (`react/jsx-runtime` by default, which `importMap` must offer). */
  jsxImportSource?: string;
  className?: string;
}
