import { describe, expect, it } from 'vitest';
import { formModelOf, labelOf, type FieldModel } from './field-model';

const fieldsOf = (properties: Record<string, unknown>, required: string[] = []): readonly FieldModel[] => {
  const model = formModelOf({ type: 'object', properties, required });
  if (!model.ok) throw new Error(`no form: ${model.problem}`);
  return model.fields;
};

describe('formModelOf: a field for every kind of property', () => {
  it('text, with its label from the title or the name, the description as a hint, required marked', () => {
    expect(fieldsOf({ to: { type: 'string', description: 'The recipient' }, cc: { type: 'string', title: 'Copy to', minLength: 3, maxLength: 80 } }, ['to'])).toEqual([
      { kind: 'text', key: 'to', path: ['to'], id: 'to', label: 'To', hint: 'The recipient', required: true, long: false },
      { kind: 'text', key: 'cc', path: ['cc'], id: 'cc', label: 'Copy to', required: false, long: false, minLength: 3, maxLength: 80 },
    ]);
  });

  it('long text: maxLength over 200, a multiline format or x-multiline, a text media type, or a name like body', () => {
    const fields = fieldsOf({
      short: { type: 'string', maxLength: 200 },
      essay: { type: 'string', maxLength: 201 },
      notesFormat: { type: 'string', format: 'textarea' },
      flagged: { type: 'string', 'x-multiline': true },
      page: { type: 'string', contentMediaType: 'text/markdown' },
      body: { type: 'string' },
      content: { type: 'string' },
      command: { type: 'string' },
      subject: { type: 'string' },
    });
    expect(Object.fromEntries(fields.map((field) => [field.key, field.kind === 'text' && field.long]))).toEqual({
      short: false,
      essay: true,
      notesFormat: true,
      flagged: true,
      page: true,
      body: true,
      content: true,
      command: true,
      subject: false,
    });
  });

  it('numbers and integers with their bounds, booleans, enums as choices, lists of texts', () => {
    expect(
      fieldsOf({
        olderThanDays: { type: 'integer', minimum: 1, maximum: 365 },
        ratio: { type: 'number', exclusiveMinimum: 0 },
        urgent: { type: 'boolean' },
        table: { type: 'string', enum: ['sessions', 'logs'] },
        level: { enum: [1, 2, null] },
        tags: { type: 'array', items: { type: 'string', maxLength: 20 }, maxItems: 5 },
      }),
    ).toMatchObject([
      { kind: 'number', label: 'Older than days', integer: true, minimum: 1, maximum: 365 },
      { kind: 'number', integer: false, exclusiveMinimum: 0 },
      { kind: 'boolean', label: 'Urgent' },
      { kind: 'choice', options: ['sessions', 'logs'] },
      { kind: 'choice', options: [1, 2, null] },
      { kind: 'list', item: { maxLength: 20 }, maxItems: 5 },
    ]);
  });

  it('nested objects as groups, with their own required fields and paths', () => {
    const [address] = fieldsOf({ address: { type: 'object', title: 'Postal address', properties: { city: { type: 'string' }, zip: { type: 'string' } }, required: ['city'] } }, ['address']);
    expect(address).toMatchObject({
      kind: 'group',
      label: 'Postal address',
      required: true,
      fields: [
        { kind: 'text', key: 'city', path: ['address', 'city'], id: 'address.city', required: true },
        { kind: 'text', key: 'zip', path: ['address', 'zip'], id: 'address.zip', required: false },
      ],
    });
  });

  it('an object without properties has no fields; a name with a dot has an id of its own', () => {
    expect(formModelOf({ type: 'object', properties: {} })).toEqual({ ok: true, fields: [] });
    expect(formModelOf({ type: 'object' })).toEqual({ ok: true, fields: [] });
    expect(fieldsOf({ a: { type: 'object', properties: { b: { type: 'string' } } } })[0]).toMatchObject({ fields: [{ id: 'a.b' }] });
    expect(fieldsOf({ 'a.b': { type: 'string' } })[0]!.id).toBe('a%2Eb');
  });
});

describe('formModelOf: what the form cannot show is left to JSON', () => {
  it.each([
    ['arguments that are not an object', { type: 'array' }, []],
    ['a choice between schemas', { type: 'object', properties: { id: { anyOf: [{ type: 'string' }, { type: 'number' }] } } }, ['id']],
    ['oneOf deep inside', { type: 'object', properties: { filter: { type: 'object', properties: { op: { oneOf: [] } } } } }, ['filter', 'op']],
    ['a type union', { type: 'object', properties: { note: { type: ['string', 'null'] } } }, ['note']],
    ['a value of any type', { type: 'object', properties: { data: {} } }, ['data']],
    ['a $ref', { type: 'object', properties: { user: { $ref: '#/$defs/user' } } }, ['user']],
    ['a const', { type: 'object', properties: { version: { const: 2 } } }, ['version']],
    ['a list of objects', { type: 'object', properties: { rows: { type: 'array', items: { type: 'object' } } } }, ['rows']],
    ['a list of choices', { type: 'object', properties: { days: { type: 'array', items: { type: 'string', enum: ['mon', 'tue'] } } } }, ['days']],
    ['a map (additionalProperties schema)', { type: 'object', properties: { headers: { type: 'object', additionalProperties: { type: 'string' } } } }, ['headers']],
    ['an enum of objects', { type: 'object', properties: { pick: { enum: [{ a: 1 }] } } }, ['pick']],
  ])('%s', (_, schema, path) => {
    const model = formModelOf(schema);
    expect(model.ok).toBe(false);
    if (!model.ok) expect(model.path).toEqual(path);
  });
});

describe('labelOf', () => {
  it('writes a property name in words', () => {
    expect(labelOf('olderThanDays')).toBe('Older than days');
    expect(labelOf('older_than_days')).toBe('Older than days');
    expect(labelOf('max-results')).toBe('Max results');
    expect(labelOf('URL')).toBe('Url');
    expect(labelOf('_')).toBe('_');
  });
});
