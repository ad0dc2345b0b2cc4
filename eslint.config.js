// @ts-check
import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The import rules of the architecture (notes/architecture.md, "Packages and what each may import").
 * A violation fails `npm run lint`, and `tests/lint-rules.test.ts` proves each rule bites.
 */
const forbid = (names, message) => names.map((name) => ({ name, message }));
const forbidPatterns = (group, message) => ({ group, message });

const UI_LIBS = ['react', 'react-dom', 'react-router-dom', 'antd', 'leaflet', 'leaflet-draw'];
const ADAPTER_INTERNALS = forbidPatterns(
  ['@gportal/*/src/*', '**/packages/*/src/*', '@gportal/core/src/*'],
  'Import a package only through its public entry (package.json "exports").',
);

export const importRules = {
  core: {
    paths: forbid([...UI_LIBS, 'ol', 'inversify', 'reflect-metadata', '@gportal/adapters-geoserver', '@gportal/adapters-storage', '@gportal/ui-react'], 'The core is framework-free: no UI, ol, DI or adapter imports.'),
    patterns: [forbidPatterns(['react/*', 'react-dom/*', 'antd/*', 'leaflet/*', 'ol/*', 'inversify/*'], 'The core is framework-free.'), ADAPTER_INTERNALS],
  },
  adaptersGeoserver: {
    paths: forbid([...UI_LIBS, '@gportal/adapters-storage', '@gportal/ui-react'], 'GeoServer adapters must not import React, Leaflet or other adapters.'),
    patterns: [forbidPatterns(['react/*', 'react-dom/*', 'antd/*', 'leaflet/*'], 'No UI in adapters.'), ADAPTER_INTERNALS],
  },
  adaptersStorage: {
    paths: forbid([...UI_LIBS, 'ol', '@gportal/adapters-geoserver', '@gportal/ui-react'], 'Storage adapters must not import React, Leaflet, ol or other adapters.'),
    patterns: [forbidPatterns(['react/*', 'react-dom/*', 'antd/*', 'leaflet/*', 'ol/*'], 'No UI or ol in storage adapters.'), ADAPTER_INTERNALS],
  },
  ui: { paths: [], patterns: [ADAPTER_INTERNALS] },
  examples: { paths: forbid(['@gportal/ui-react'], 'Examples use the library packages.'), patterns: [ADAPTER_INTERNALS] },
};

const restrict = (rules) => ({ 'no-restricted-imports': ['error', rules] });

// DOM globals are not part of the core: it must run in plain Node and in any browser framework.
const DOM_GLOBALS = ['window', 'document', 'localStorage', 'sessionStorage', 'navigator', 'fetch', 'XMLHttpRequest', 'DOMParser', 'indexedDB'];

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
  { files: ['packages/core/src/**/*.ts'], languageOptions: { globals: {} }, rules: { ...restrict(importRules.core), 'no-restricted-globals': ['error', ...DOM_GLOBALS] } },
  { files: ['packages/adapters-geoserver/src/**/*.ts'], rules: restrict(importRules.adaptersGeoserver) },
  { files: ['packages/adapters-storage/src/**/*.ts'], languageOptions: { globals: { ...globals.browser } }, rules: restrict(importRules.adaptersStorage) },
  { files: ['packages/ui-react/**/*.{ts,tsx}'], languageOptions: { globals: { ...globals.browser, ...globals.node } }, rules: restrict(importRules.ui) },
  { files: ['examples/**/*.ts'], rules: restrict(importRules.examples) },
  { files: ['bench/page/**/*.ts'], languageOptions: { globals: { ...globals.browser } } },
);
