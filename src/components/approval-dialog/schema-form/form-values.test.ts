import { describe, expect, it } from 'vitest';
import { formModelOf, type FieldModel } from './field-model';
import { formValuesOf, readForm } from './form-values';

function fieldsOf(schema: Record<string, unknown>): readonly FieldModel[] {
  const model = formModelOf(schema);
  if (!model.ok) throw new Error(model.problem);
  return model.fields;
}

const email = fieldsOf({
  type: 'object',
  properties: {
    to: { type: 'string' },
    subject: { type: 'string', maxLength: 10 },
    urgent: { type: 'boolean' },
    priority: { type: 'integer', minimum: 1, maximum: 5 },
    channel: { enum: ['mail', 'sms'] },
    tags: { type: 'array', items: { type: 'string', minLength: 1 }, maxItems: 2 },
    address: { type: 'object', properties: { city: { type: 'string' }, zip: { type: 'string' } }, required: ['city'] },
  },
  required: ['to', 'channel'],
});

describe('formValuesOf', () => {
  it('holds every kind of value as the form edits it', () => {
    expect(formValuesOf(email, { to: 'ada@example.com', subject: 'Launch', urgent: true, priority: 2, channel: 'sms', tags: ['a'], address: { city: 'Paris' } })).toEqual({
      to: 'ada@example.com',
      subject: 'Launch',
      urgent: true,
      priority: '2',
      channel: 1,
      tags: ['a'],
      'address.city': 'Paris',
      'address.zip': '',
    });
  });

  it('fills what the arguments leave out with empty values', () => {
    expect(formValuesOf(email, { to: 'a', channel: 'mail' })).toEqual({ to: 'a', subject: '', urgent: false, priority: '', channel: 0, tags: [], 'address.city': '', 'address.zip': '' });
  });

  it.each([
    ['a key the schema does not list', { to: 'a', channel: 'mail', bcc: 'b' }],
    ['a value of another kind', { to: 42, channel: 'mail' }],
    ['a choice that is not an option', { to: 'a', channel: 'fax' }],
    ['a list with a number in it', { to: 'a', channel: 'mail', tags: ['x', 1] }],
    ['a group that is not an object', { to: 'a', channel: 'mail', address: 'Paris' }],
    ['a number that is not finite', { to: 'a', channel: 'mail', priority: null }],
    ['arguments that are not an object', ['to']],
  ])('cannot hold %s (the JSON editor shows it)', (_, input) => {
    expect(formValuesOf(email, input)).toBeUndefined();
  });
});

describe('readForm', () => {
  const original = { to: 'ada@example.com', channel: 'mail' };
  const values = formValuesOf(email, original)!;

  it('gives back the model’s arguments unchanged: empty optional fields stay out', () => {
    expect(readForm(email, values, original)).toEqual({ value: original, errors: {} });
  });

  it('keeps an empty value the model sent, and adds what the person filled in', () => {
    const sent = { to: 'ada@example.com', subject: '', urgent: false, channel: 'mail' };
    expect(readForm(email, formValuesOf(email, sent)!, sent).value).toEqual(sent);
    const edited = { ...values, subject: 'Launch', urgent: true, priority: '3', tags: ['x'], 'address.city': 'Paris' };
    expect(readForm(email, edited, original)).toEqual({
      value: { to: 'ada@example.com', subject: 'Launch', urgent: true, priority: 3, channel: 'mail', tags: ['x'], address: { city: 'Paris' } },
      errors: {},
    });
  });

  it('reports each invalid field, and keeps what was typed', () => {
    const { value, errors } = readForm(email, { ...values, to: '', subject: 'A long subject', priority: '2.5', tags: ['a', '', 'c'], 'address.zip': '75001' }, original);
    expect(errors).toEqual({
      to: 'Required.',
      subject: 'Enter at most 10 characters.',
      priority: 'Enter a whole number.',
      tags: 'Keep at most 2 items.',
      'address.city': 'Required.',
    });
    expect(value).toMatchObject({ subject: 'A long subject', priority: 2.5, address: { city: '', zip: '75001' } });
    expect(readForm(email, { ...values, priority: 'abc' }, original)).toMatchObject({ value: { priority: 'abc' }, errors: { priority: 'Enter a number.' } });
    expect(readForm(email, { ...values, priority: '0' }, original).errors).toEqual({ priority: 'Enter 1 or more.' });
    expect(readForm(email, { ...values, priority: '6' }, original).errors).toEqual({ priority: 'Enter 5 or less.' });
    expect(readForm(email, { ...values, tags: ['a', ''] }, original).errors).toEqual({ tags: 'Item 2: Enter at least 1 character.' });
    expect(readForm(email, { ...values, channel: -1 }, original).errors).toEqual({ channel: 'Choose one.' });
  });

  it('counts characters, not UTF-16 units', () => {
    expect(readForm(email, { ...values, subject: '😀'.repeat(10) }, original).errors).toEqual({});
  });
});
