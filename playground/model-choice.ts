/**
 * Which model the playground talks to, and how: the offline demo (default), any OpenAI-compatible
 * endpoint, OpenAI / Anthropic, either straight from the browser with a key kept in this tab
 * only (sessionStorage), or through the playground server, whose key never leaves it; or a remote
 * agent: the kit's agent on the playground server, spoken to over AG-UI (`agUiAgent`).
 */
import { demoModel, type LanguageModel } from 'react-agent-kit';
import { anthropic, openAICompatible, remoteModel } from 'react-agent-kit/providers';

export type ModelChoice =
  | { kind: 'demo' }
  | { kind: 'remote-agent' }
  | { kind: 'openai-compatible'; baseURL: string; model: string; apiKey: string }
  | { kind: 'openai' | 'anthropic'; via: 'browser' | 'server'; model: string; apiKey: string };

export type ModelKind = ModelChoice['kind'];

/** The choices whose model the page calls itself (a remote agent's runs happen at its endpoint). */
export type LocalModelChoice = Exclude<ModelChoice, { kind: 'remote-agent' }>;

export const defaultModels = { openai: 'gpt-5-mini', anthropic: 'claude-sonnet-4-5', 'openai-compatible': 'llama3.2' } as const;

const settingsKey = 'rak-playground-model';
const secretKey = 'rak-playground-model-key';

/** The saved choice: its settings from localStorage, its key (if any) from this tab's sessionStorage. */
export function loadModelChoice(): ModelChoice {
  try {
    const saved = JSON.parse(localStorage.getItem(settingsKey) ?? 'null') as Partial<ModelChoice> | null;
    const apiKey = sessionStorage.getItem(secretKey) ?? '';
    if (saved?.kind === 'remote-agent') return { kind: 'remote-agent' };
    if (saved?.kind === 'openai-compatible' && typeof saved.baseURL === 'string' && typeof saved.model === 'string') return { kind: saved.kind, baseURL: saved.baseURL, model: saved.model, apiKey };
    if ((saved?.kind === 'openai' || saved?.kind === 'anthropic') && typeof saved.model === 'string') {
      return { kind: saved.kind, via: (saved as { via?: string }).via === 'server' ? 'server' : 'browser', model: saved.model, apiKey };
    }
  } catch {
    // Unreadable settings: start from the demo.
  }
  return { kind: 'demo' };
}

/** Saves the choice; the key goes to sessionStorage only, so it is gone when the tab closes. */
export function saveModelChoice(choice: ModelChoice): void {
  const { apiKey, ...settings } = { apiKey: '', ...choice };
  localStorage.setItem(settingsKey, JSON.stringify(settings));
  if (apiKey) sessionStorage.setItem(secretKey, apiKey);
  else sessionStorage.removeItem(secretKey);
}

/** Builds the model the agent calls. */
export function createModel(choice: LocalModelChoice, serverUrl: string): LanguageModel {
  switch (choice.kind) {
    case 'demo':
      return demoModel();
    case 'openai-compatible':
      return openAICompatible({ baseURL: choice.baseURL, model: choice.model, ...(choice.apiKey ? { apiKey: choice.apiKey } : {}) });
    case 'openai':
      if (choice.via === 'server') return remoteModel(serverUrl, { model: 'openai' });
      return openAICompatible({ baseURL: 'https://api.openai.com/v1', model: choice.model, apiKey: choice.apiKey, name: 'openai' });
    case 'anthropic':
      if (choice.via === 'server') return remoteModel(serverUrl, { model: 'anthropic' });
      return anthropic({ apiKey: choice.apiKey, model: choice.model });
  }
}

/** A short label for the header and the sidebar. */
export function describeChoice(choice: ModelChoice): { name: string; note: string } {
  switch (choice.kind) {
    case 'demo':
      return { name: 'demo-model', note: 'Runs in your browser, offline. Choose a real provider under Change.' };
    case 'remote-agent':
      return { name: 'Remote agent (AG-UI)', note: 'Runs on the playground server (the demo model there), spoken to over AG-UI at /api/ag-ui. Its file tools, the shell and your approvals run here, in your browser.' };
    case 'openai-compatible':
      return { name: choice.model, note: `OpenAI-compatible endpoint at ${choice.baseURL}, called from this page.` };
    case 'openai':
    case 'anthropic': {
      const provider = choice.kind === 'openai' ? 'OpenAI' : 'Anthropic';
      return choice.via === 'server'
        ? { name: `${choice.kind} (server)`, note: `${provider} through the playground server; its key stays on the server.` }
        : { name: choice.model, note: `${provider}, called from this page; the key is kept in this tab only.` };
    }
  }
}
