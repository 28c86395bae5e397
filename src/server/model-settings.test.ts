import { describe, expect, it } from 'vitest';
import { checkModelSettings, defaultMaxOutputTokens, modelSettingNames } from './model-settings';

describe('checkModelSettings', () => {
  it('caps the output tokens at the ceiling, and uses the ceiling when none is asked for', () => {
    expect(checkModelSettings({}, 1000)).toEqual({ ok: true, value: { maxOutputTokens: 1000 } });
    expect(checkModelSettings({ maxOutputTokens: 5000 }, 1000)).toEqual({ ok: true, value: { maxOutputTokens: 1000 } });
    expect(checkModelSettings({ maxOutputTokens: 10 }, 1000)).toEqual({ ok: true, value: { maxOutputTokens: 10 } });
    expect(defaultMaxOutputTokens).toBe(16_384);
  });

  it('keeps the settings in range and only those that were sent', () => {
    expect(checkModelSettings({ temperature: 0, topP: 0.5, seed: -3, stopSequences: [] }, 100)).toEqual({
      ok: true,
      value: { maxOutputTokens: 100, temperature: 0, topP: 0.5, seed: -3, stopSequences: [] },
    });
  });

  it('names the setting, its range and a short form of what was sent', () => {
    expect(checkModelSettings({ temperature: Number.POSITIVE_INFINITY }, 100)).toEqual({ ok: false, message: '`temperature` must be a number from 0 to 2; got null.' });
    expect(checkModelSettings({ topK: 'x'.repeat(500) }, 100)).toEqual({ ok: false, message: `\`topK\` must be a positive integer; got "${'x'.repeat(56)}...` + '.' });
    expect(checkModelSettings({ maxOutputTokens: -1 }, 100)).toEqual({ ok: false, message: '`maxOutputTokens` must be a positive integer (the server caps it at 100); got -1.' });
  });

  it('lists every setting it checks', () => {
    expect(modelSettingNames).toEqual(['maxOutputTokens', 'temperature', 'topP', 'topK', 'presencePenalty', 'frequencyPenalty', 'seed', 'stopSequences']);
  });
});
