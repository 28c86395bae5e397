// ESLint: `npm run lint`, part of `npm test`, with no warnings allowed. typescript-eslint's
// type-aware recommended set, plus the two React hooks rules (exhaustive dependencies matter in a
// hooks library). A rule that is wrong for this codebase is turned off here, with the reason.
import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default defineConfig(
  // The vendored Vite template is a host app's code, type-checked by its own tsconfig in its e2e test.
  // The docs' examples and site config are compiled against the built package by docs/check-samples.mjs
  // and by the docs build (they import 'react-agent-kit' as an app does, which the repository's project does not map).
  globalIgnores(['dist/', 'node_modules/', 'playground-dist/', 'test-results/', '.vite/', 'test/fixtures/vite-react-ts-template/', 'docs/examples/', 'docs/.vitepress/', 'docs/reference/api/', '.docs-samples/', 'build/esm-only.cjs', 'test/code-corpus/javascript/']),
  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // A leading underscore marks what is unused on purpose (a parameter kept for its position, a property left out of a rest).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // The Standard Schema types are declared as in the spec, a type-only namespace (`StandardSchemaV1.InferOutput`).
      '@typescript-eslint/no-namespace': ['error', { allowDeclarations: true }],
      // Rejecting with what was caught or with an AbortSignal's reason passes the original error on.
      '@typescript-eslint/prefer-promise-reject-errors': ['error', { allowThrowingAny: true, allowThrowingUnknown: true }],
      // `async` without `await` is deliberate: it makes a function return a promise and turns a throw into a rejection (tools, storages, fakes).
      '@typescript-eslint/require-await': 'off',
      // Objects here are closures, not classes: no method uses `this`, so `agent.send` or `store.subscribe` may be passed along.
      '@typescript-eslint/unbound-method': 'off',
      // The `any`s left come from the platform (Array.isArray gives any[], JSON.parse, IDBRequest<any>) where untyped input is checked; no-explicit-any keeps them out of our own types.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The .mjs scripts are outside tsconfig.json: they get the rules that need no types.
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  {
    files: ['src/core/schema/infer-json-schema.test.ts'],
    // A type test writes each schema as a value, the way users do, only to take its type.
    rules: { '@typescript-eslint/no-unused-vars': 'off' },
  },
);
