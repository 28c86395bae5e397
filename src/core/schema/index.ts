/*
 * Tool input schemas: a JSON Schema validator that needs no code generation (strict CSP pages
 * work), Standard Schema support (zod 4, valibot, ...), and the type inference `defineTool` uses.
 */
export { validateJsonSchema } from './json-schema-validator';
export type { JsonSchemaValidation, ValidateJsonSchemaOptions } from './json-schema-validator';
export { JsonSchemaError } from './json-schema-context';
export type { JsonSchema, JsonSchemaObject } from './json-schema-context';
export type { SchemaIssue } from './schema-issue';
export { findUnsafeKeys } from './unsafe-keys';
export { formatStandardPath, hasStandardJsonSchema, isStandardSchema } from './standard-schema';
export type { StandardJSONSchemaOptions, StandardJSONSchemaV1, StandardSchemaV1 } from './standard-schema';
export type { FromJsonSchema, InferToolInput } from './infer-json-schema';
