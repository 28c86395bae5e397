import { defaultMaxIssues, indexPath, propertyPath, type SchemaIssue } from './schema-issue';

/**
 * Values nested deeper than this are refused: no tool needs it, and walking it risks the stack.
 *
 * @example
 * ```ts
 * if (depth > maxValueDepth) return;
 * ```
 */
export const maxValueDepth = 64;

/**
 * Finds what makes a value unsafe to hand to a tool, whatever its schema says: any own key
 * named `__proto__` (code that copies such an object with plain assignment would change its
 * prototype) and nesting deeper than {@link maxValueDepth}. Only reads; never changes the value.
 *
 * @example
 * ```ts
 * findUnsafeKeys(JSON.parse('{"a":{"__proto__":{"polluted":1}}}'));
 * // [{ path: '$.a.__proto__', message: 'key __proto__ is not allowed' }]
 * ```
 */
export function findUnsafeKeys(value: unknown, maxIssues = defaultMaxIssues): SchemaIssue[] {
  const issues: SchemaIssue[] = [];
  const walk = (node: unknown, path: string, depth: number): void => {
    if (issues.length >= maxIssues || typeof node !== 'object' || node === null) return;
    if (depth > maxValueDepth) {
      issues.push({ path, message: `the value is nested more than ${maxValueDepth} levels deep; send a flatter value` });
      return;
    }
    if (Array.isArray(node)) {
      for (let index = 0; index < node.length && issues.length < maxIssues; index++) walk(node[index], indexPath(path, index), depth + 1);
      return;
    }
    for (const key of Object.keys(node)) {
      if (issues.length >= maxIssues) return;
      if (key === '__proto__') {
        issues.push({ path: propertyPath(path, key), message: 'key __proto__ is not allowed; remove it' });
        continue;
      }
      walk((node as Record<string, unknown>)[key], propertyPath(path, key), depth + 1);
    }
  };
  walk(value, '$', 1);
  return issues;
}
