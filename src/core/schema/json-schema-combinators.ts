import { JsonSchemaError, intoSchema, report, type JsonSchema, type JsonSchemaObject, type SchemaPosition, type ValidationContext } from './json-schema-context';
import { isJsonObject, ownKeyword, schemaListKeyword } from './schema-keywords';
import { describeValue, formatLiteral, type SchemaIssue } from './schema-issue';

/**
 * Follows a local `$ref` (`#`, `#/$defs/name`, `#/definitions/name`, any JSON Pointer into the
 * root) and applies the target to the same value. Meeting the same `$ref` again at the same
 * value is a loop that would never end, so it is a schema error.
 *
 * @example
 * ```ts
 * applyRef(context, { $ref: '#/$defs/node' }, value, position);
 * ```
 */
export function applyRef(context: ValidationContext, schema: JsonSchemaObject, value: unknown, position: SchemaPosition): void {
  const ref = ownKeyword(schema, '$ref');
  if (ref === undefined) return;
  if (typeof ref !== 'string') throw new JsonSchemaError(`${position.schemaPath}/$ref must be a string.`);
  if (position.refs.includes(ref)) {
    throw new JsonSchemaError(`${position.schemaPath}/$ref: ${JSON.stringify(ref)} refers back to itself without describing any part of the value (a $ref loop).`);
  }
  const target = resolveRef(context.root, ref, position);
  context.apply(target, value, { ...position, schemaPath: ref, schemaDepth: position.schemaDepth + 1, refs: [...position.refs, ref] });
}

function resolveRef(root: JsonSchema, ref: string, position: SchemaPosition): unknown {
  if (ref === '#') return root;
  if (!ref.startsWith('#/')) {
    throw new JsonSchemaError(`${position.schemaPath}/$ref: only local references such as "#/$defs/name" are supported, got ${JSON.stringify(ref)}.`);
  }
  let node: unknown = root;
  for (const raw of ref.slice(2).split('/')) {
    let token: string;
    try {
      token = decodeURIComponent(raw).replaceAll('~1', '/').replaceAll('~0', '~');
    } catch {
      throw new JsonSchemaError(`${position.schemaPath}/$ref: ${JSON.stringify(ref)} is not a valid JSON Pointer.`);
    }
    if (typeof node !== 'object' || node === null || !Object.hasOwn(node, token)) {
      throw new JsonSchemaError(`${position.schemaPath}/$ref: ${JSON.stringify(ref)} points to nothing in the schema.`);
    }
    node = (node as Record<string, unknown>)[token];
  }
  return node;
}

/**
 * Checks `allOf`, `anyOf`, `oneOf` and `not`.
 *
 * @example
 * ```ts
 * checkCombinators(context, { anyOf: [{ type: 'string' }, { type: 'null' }] }, 3, position); // reports 'must be a string or null; got number 3'
 * ```
 */
export function checkCombinators(context: ValidationContext, schema: JsonSchemaObject, value: unknown, position: SchemaPosition): void {
  const allOf = schemaListKeyword(schema, 'allOf', position);
  for (const [index, subschema] of (allOf ?? []).entries()) context.apply(subschema, value, intoSchema(position, `allOf/${index}`));

  for (const keyword of ['anyOf', 'oneOf'] as const) {
    const branches = schemaListKeyword(schema, keyword, position);
    if (!branches) continue;
    const results = branches.map((branch, index) => tryBranch(context, branch, value, intoSchema(position, `${keyword}/${index}`)));
    const passing = results.flatMap((issues, index) => (issues.length === 0 ? [index] : []));
    if (passing.length === 0) reportClosestBranch(context, branches, results, value, position);
    else if (keyword === 'oneOf' && passing.length > 1) {
      report(context, position.path, `matches ${passing.length} of the oneOf alternatives (${passing.map((index) => `#${index + 1}`).join(', ')}) but must match exactly one`);
    }
  }

  if (Object.hasOwn(schema, 'not') && tryBranch(context, schema['not'], value, intoSchema(position, 'not')).length === 0) {
    report(context, position.path, `must not be ${describeSchema(schema['not'])}, got ${describeValue(value)}`);
  }
}

function tryBranch(context: ValidationContext, schema: unknown, value: unknown, position: SchemaPosition): SchemaIssue[] {
  const trial = context.branch();
  trial.apply(schema, value, position);
  return trial.issues;
}

/**
 * When no alternative matches, the most useful message is the issues of the one the value was
 * evidently meant to be (for example the variant whose `kind` matched). Alternatives whose type
 * differs from the value are ruled out; of the rest, the one with the fewest issues wins. With no
 * clear winner, one summary line lists what would be accepted.
 */
function reportClosestBranch(context: ValidationContext, branches: readonly unknown[], results: readonly SchemaIssue[][], value: unknown, position: SchemaPosition): void {
  const candidates = results
    .map((issues, index) => ({ issues, index }))
    .filter(({ issues }) => !issues.some((issue) => issue.path === position.path && issue.message.startsWith('expected ')));
  const fewest = Math.min(...candidates.map(({ issues }) => issues.length));
  const closest = candidates.filter(({ issues }) => issues.length === fewest);
  if (closest.length === 1 && closest[0]) {
    for (const issue of closest[0].issues) report(context, issue.path, issue.message);
    return;
  }
  const accepted = [...new Set(branches.map(describeSchema))].join(' or ');
  report(context, position.path, `must be ${accepted}; got ${describeValue(value)}`);
}

/** A short description of what a schema accepts, for summary messages. */
function describeSchema(schema: unknown): string {
  if (schema === true) return 'any value';
  if (schema === false || !isJsonObject(schema)) return 'nothing';
  if (Object.hasOwn(schema, 'const')) return formatLiteral(schema['const']);
  const options = ownKeyword(schema, 'enum');
  if (Array.isArray(options)) return `one of ${options.slice(0, 6).map(formatLiteral).join(', ')}${options.length > 6 ? ', ...' : ''}`;
  const type = ownKeyword(schema, 'type');
  if (typeof type === 'string') return type === 'object' ? describeObject(schema) : withArticle(type);
  if (Array.isArray(type)) return type.join(' or ');
  const ref = ownKeyword(schema, '$ref');
  if (typeof ref === 'string') return ref === '#' ? 'the root shape' : withArticle(ref.split('/').at(-1) ?? ref);
  return 'the alternative shape';
}

function withArticle(name: string): string {
  if (name === 'null') return 'null';
  return /^[aeiou]/i.test(name) ? `an ${name}` : `a ${name}`;
}

function describeObject(schema: JsonSchemaObject): string {
  const required = ownKeyword(schema, 'required');
  if (!Array.isArray(required) || required.length === 0) return 'an object';
  return `an object with ${required.slice(0, 6).join(', ')}`;
}
