import { describe, expect, it } from 'vitest';
import { detectScenario } from './demo-script';
import { fitToSchema, plausibleToolInput, readInputHints } from './demo-tool-input';

describe('readInputHints', () => {
  it('finds a place name', () => {
    expect(readInputHints("What's the weather in New York?")).toEqual({ place: 'New York' });
    expect(readInputHints('weather in tokyo please')).toEqual({ place: 'Tokyo' });
    expect(readInputHints('Weather at Reykjavik')).toEqual({ place: 'Reykjavik' });
    expect(readInputHints('what is the weather')).toEqual({ place: undefined });
  });
});

describe('plausibleToolInput', () => {
  it('fills required properties from their names and types', () => {
    const schema = {
      type: 'object',
      properties: {
        city: { type: 'string' },
        unit: { type: 'string', enum: ['fahrenheit', 'celsius'] },
        days: { type: 'integer', minimum: 2 },
        detailed: { type: 'boolean' },
        optional: { type: 'string' },
      },
      required: ['city', 'unit', 'days', 'detailed'],
    };
    expect(plausibleToolInput('get_weather', schema, { place: 'Tokyo' })).toEqual({ city: 'Tokyo', unit: 'fahrenheit', days: 2, detailed: false });
  });

  it('fills every property when none is required, and nested objects', () => {
    const schema = {
      type: 'object',
      properties: { timeZone: { type: 'string' }, options: { type: 'object', properties: { path: { type: 'string' } } }, tags: { type: 'array', items: { type: 'string' }, minItems: 1 } },
    };
    expect(plausibleToolInput('get_time', schema, { place: 'Tokyo' })).toEqual({ timeZone: 'Asia/Tokyo', options: { path: '/' }, tags: ['demo'] });
    expect(plausibleToolInput('write_file', { type: 'object', properties: { path: { type: 'string' } } }, { place: undefined })).toEqual({ path: '/notes/demo.md' });
    expect(plausibleToolInput('x', undefined, { place: undefined })).toEqual({});
  });
});

describe('fitToSchema', () => {
  it('keeps the proposed properties the schema knows and fills the rest', () => {
    const schema = { type: 'object', properties: { to: { type: 'string' }, cc: { type: 'string' } }, required: ['to', 'cc'] };
    expect(fitToSchema({ to: 'ada@example.com', priority: 'high' }, schema, 'send_mail', { place: undefined })).toEqual({ to: 'ada@example.com', cc: 'demo' });
    expect(fitToSchema({ to: 'ada@example.com' }, undefined, 'send_mail', { place: undefined })).toEqual({ to: 'ada@example.com' });
  });
});

describe('detectScenario', () => {
  it('routes the example prompts', () => {
    expect(
      ['Show me some markdown', 'Tell me a long story', 'Think about why the sky is blue', "What's the weather in Tokyo?", 'What time is it?', 'List my files', 'Ask me a question', 'Simulate an error', 'Hello', 'help'].map(detectScenario),
    ).toEqual(['markdown', 'long', 'reasoning', 'weather', 'time', 'files', 'question', 'error', 'intro', 'intro']);
  });

  it('routes the people-in-the-loop prompts', () => {
    expect(
      [
        'Send an email to Ada about the launch',
        'Email Ada about the crash',
        'Send me a note',
        'Help me plan a project — ask me questions',
        'Help me choose a framework',
        'Clean up records older than 30 days',
        'Delete old logs',
        'Delete the file notes.md',
        'send it',
      ].map(detectScenario),
    ).toEqual(['email', 'email', 'write-file', 'question', 'question', 'cleanup', 'cleanup', 'files', 'email']);
  });
});
