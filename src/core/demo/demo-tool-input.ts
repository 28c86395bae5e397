/**
 * Plausible arguments for whatever tool the demo model calls, built from the tool's JSON
 * Schema and a few hints from the user's words. Deterministic: the same tool and text always
 * give the same arguments.
 */

interface SchemaLike {
  type?: string | string[];
  properties?: Record<string, SchemaLike>;
  required?: string[];
  items?: SchemaLike;
  enum?: unknown[];
  const?: unknown;
  default?: unknown;
  minimum?: number;
  minItems?: number;
}

/** What the user's words suggest: a place name, when they mention one ("weather in Tokyo"). */
export interface DemoInputHints {
  place: string | undefined;
}

const timeZones: Record<string, string> = {
  berlin: 'Europe/Berlin',
  london: 'Europe/London',
  'new york': 'America/New_York',
  paris: 'Europe/Paris',
  'san francisco': 'America/Los_Angeles',
  sydney: 'Australia/Sydney',
  tokyo: 'Asia/Tokyo',
};

/**
 * Reads hints from the user's text: a well-known city in any case, else a capitalized place
 * after "in", "at" or "for".
 *
 * @example
 * ```ts
 * readInputHints("What's the weather in New York?"); // { place: 'New York' }
 * readInputHints('weather in tokyo'); // { place: 'Tokyo' }
 * ```
 */
export function readInputHints(userText: string): DemoInputHints {
  const lower = userText.toLowerCase();
  const known = Object.keys(timeZones).find((city) => new RegExp(`\\b${city}\\b`).test(lower));
  if (known !== undefined) return { place: known.replace(/\b\p{L}/gu, (letter) => letter.toUpperCase()) };
  const match = /\b(?:in|at|for)\s+([A-Z][\p{L}-]*(?:\s+[A-Z][\p{L}-]*)*)/u.exec(userText);
  return { place: match?.[1] };
}

function stringFor(propertyName: string, toolName: string, hints: DemoInputHints): string {
  const name = propertyName.toLowerCase();
  const place = hints.place ?? 'Paris';
  if (/zone/.test(name)) return timeZones[place.toLowerCase()] ?? 'UTC';
  if (/city|location|place|where|region|country/.test(name)) return place;
  if (/path|file|dir|folder/.test(name)) return /write|create|save/.test(toolName) ? '/notes/demo.md' : '/';
  if (/content|text|body/.test(name)) return '# Demo note\n\nWritten by the demo model of react-agent-kit.\n';
  if (/query|pattern|search|term/.test(name)) return 'TODO';
  if (/unit/.test(name)) return 'celsius';
  if (/url|link/.test(name)) return 'https://example.com';
  if (/command|cmd/.test(name)) return 'ls';
  return 'demo';
}

function valueFor(propertyName: string, schema: SchemaLike, toolName: string, hints: DemoInputHints, depth: number): unknown {
  if (schema.const !== undefined) return schema.const;
  if (schema.enum !== undefined && schema.enum.length > 0) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const type = Array.isArray(schema.type) ? schema.type.find((entry) => entry !== 'null') : schema.type;
  switch (type) {
    case 'number':
    case 'integer':
      return schema.minimum ?? 1;
    case 'boolean':
      return false;
    case 'array': {
      const count = schema.minItems ?? 0;
      return Array.from({ length: count }, () => valueFor(propertyName, schema.items ?? {}, toolName, hints, depth + 1));
    }
    case 'object':
      return depth > 4 ? {} : objectFor(schema, toolName, hints, depth + 1);
    case 'string':
    default:
      return schema.properties !== undefined ? objectFor(schema, toolName, hints, depth + 1) : stringFor(propertyName, toolName, hints);
  }
}

function objectFor(schema: SchemaLike, toolName: string, hints: DemoInputHints, depth: number): Record<string, unknown> {
  const properties = schema.properties ?? {};
  // Fill the required properties; when a schema lists none, fill them all so the call looks complete.
  const names = schema.required ?? Object.keys(properties);
  const result: Record<string, unknown> = {};
  for (const name of names) result[name] = valueFor(name, properties[name] ?? {}, toolName, hints, depth);
  return result;
}

/**
 * Arguments for a call of `toolName` that fit `inputSchema` as far as a demo can tell.
 *
 * @example
 * ```ts
 * plausibleToolInput('get_weather', { type: 'object', properties: { city: { type: 'string' } } }, { place: 'Tokyo' });
 * // { city: 'Tokyo' }
 * ```
 */
export function plausibleToolInput(toolName: string, inputSchema: unknown, hints: DemoInputHints): Record<string, unknown> {
  if (typeof inputSchema !== 'object' || inputSchema === null) return {};
  return objectFor(inputSchema, toolName, hints, 0);
}

/**
 * `proposed` arguments made to fit a tool's schema: when the schema lists properties, the
 * plausible input for it with every proposed property it knows overridden, so an app's own
 * `send_email` with extra or other fields still gets a valid-looking call.
 *
 * @example
 * ```ts
 * fitToSchema({ to: 'ada@example.com' }, { type: 'object', properties: { to: { type: 'string' }, cc: { type: 'string' } } }, 'send_email', { place: undefined });
 * // { to: 'ada@example.com', cc: 'demo' }
 * ```
 */
export function fitToSchema(proposed: object, inputSchema: unknown, toolName: string, hints: DemoInputHints): Record<string, unknown> {
  const properties = (inputSchema as SchemaLike | undefined)?.properties;
  if (typeof properties !== 'object' || properties === null) return { ...proposed };
  const input = plausibleToolInput(toolName, inputSchema, hints);
  for (const [name, value] of Object.entries(proposed)) {
    if (Object.hasOwn(properties, name)) input[name] = value;
  }
  return input;
}
