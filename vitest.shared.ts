import { defaultClientConditions, defaultServerConditions, type UserConfig } from 'vite';

/**
 * Workspace packages resolve to their TypeScript sources through the `gportal:source`
 * export condition, so tests and the dev server never need a build of the libraries.
 */
export const sourceConditions = {
  resolve: { conditions: ['gportal:source', ...defaultClientConditions] },
  ssr: { resolve: { conditions: ['gportal:source', ...defaultServerConditions] } },
} satisfies UserConfig;
