import { describe, expect, it } from 'vitest';
import type { ProviderPrompt } from '../model/language-model';
import { toAnthropicMessages } from './anthropic-prompt';
import { toChatCompletionsMessages } from './openai-compatible-prompt';

/** A user message with one file of each kind the adapters send, and the text. */
const prompt: ProviderPrompt = [
  {
    role: 'user',
    content: [
      { type: 'file', mediaType: 'image/png', filename: 'photo.png', data: 'iVBORw0KGgo=' },
      { type: 'file', mediaType: 'application/pdf', filename: 'report.pdf', data: 'JVBERi0=' },
      { type: 'file', mediaType: 'text/markdown', filename: 'notes.md', data: btoa('# Notes') },
      { type: 'text', text: 'What are these?' },
    ],
  },
];
const zip: ProviderPrompt = [{ role: 'user', content: [{ type: 'file', mediaType: 'application/zip', filename: 'all.zip', data: 'UEsDBA==' }] }];

describe("the adapters' user files", () => {
  it('OpenAI-compatible: images as data URLs, PDFs as files, text files as text', () => {
    expect(toChatCompletionsMessages(prompt)).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image_url', image_url: { url: 'data:image/png;base64,iVBORw0KGgo=' } },
          { type: 'file', file: { filename: 'report.pdf', file_data: 'data:application/pdf;base64,JVBERi0=' } },
          { type: 'text', text: '<file name="notes.md" type="text/markdown">\n# Notes\n</file>' },
          { type: 'text', text: 'What are these?' },
        ],
      },
    ]);
    expect(() => toChatCompletionsMessages(zip)).toThrow('The OpenAI-compatible adapter cannot send all.zip (application/zip): it sends images, PDFs, WAV and MP3 audio, and text files.');
  });

  it('Anthropic: images and PDFs as base64 blocks, text files as text', () => {
    expect(toAnthropicMessages(prompt).messages).toEqual([
      {
        role: 'user',
        content: [
          { type: 'image', source: { type: 'base64', media_type: 'image/png', data: 'iVBORw0KGgo=' } },
          { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'JVBERi0=' }, title: 'report.pdf' },
          { type: 'text', text: '<file name="notes.md" type="text/markdown">\n# Notes\n</file>' },
          { type: 'text', text: 'What are these?' },
        ],
      },
    ]);
    expect(() => toAnthropicMessages(zip)).toThrow('The Anthropic adapter cannot send all.zip (application/zip)');
  });
});
