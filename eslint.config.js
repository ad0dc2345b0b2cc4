// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Which package may import what is checked by dependency-cruiser (`.dependency-cruiser.cjs`, also
// run by `npm run lint`); ESLint checks what no import shows: the globals the core may not touch.

// The core runs in plain Node and in any browser framework: no DOM, no browser storage, and no HTTP
// (requests are the adapters' job).
const DOM_GLOBALS = [
  'window',
  'document',
  'localStorage',
  'sessionStorage',
  'navigator',
  'indexedDB',
  'DOMParser',
  'XMLSerializer',
  'Node',
  'Element',
  'HTMLElement',
  'fetch',
  'XMLHttpRequest',
  'WebSocket',
  'EventSource',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'test-output/**', '**/coverage/**', 'bench/.build/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  { files: ['packages/core/src/**/*.ts'], languageOptions: { globals: {} }, rules: { 'no-restricted-globals': ['error', ...DOM_GLOBALS] } },
  { files: ['packages/adapters-storage/src/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  // The file adapters run in browsers, Workers (which have no DOM) and Node: the core's rule, and
  // so their XML goes through @xmldom/xmldom.
  { files: ['packages/adapters-files/src/**/*.ts'], languageOptions: { globals: {} }, rules: { 'no-restricted-globals': ['error', ...DOM_GLOBALS] } },
  { files: ['packages/ui-react/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser, ...globals.node } } },
  { files: ['bench/page/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
  // CommonJS configs (dependency-cruiser's) load their helpers with require.
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
);
