// @ts-check
import js from '@eslint/js';
import astro from 'eslint-plugin-astro';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';
import { defineConfig } from 'eslint/config';

export default defineConfig(
  { ignores: ['dist/', '.astro/', 'data/', 'node_modules/', 'test-results/', 'playwright-report/', 'reports/'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.node, ...globals.browser },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
    },
  },
  { files: ['**/*.tsx'], ...reactHooks.configs.flat.recommended },
  ...astro.configs.recommended,
  {
    files: ['**/*.astro', '**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    // Bulletproof-react: a feature imports src/domain, src/stores, src/lib and src/workspace/lib,
    // never another feature nor the app that composes them (that app passes one into the other).
    files: ['src/workspace/features/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              // From features/<name>/, '../x' is a sibling feature whatever its name ('../../lib' is shared).
              regex: String.raw`^\.\./(?!\.)|/features/`,
              message: 'A feature does not import another feature: let workspace-app.tsx pass it in (props).',
            },
            {
              regex: String.raw`^\.\./\.\./[^/]+$`,
              message: 'A feature does not import the app that composes it (src/workspace/*.tsx).',
            },
          ],
        },
      ],
    },
  },
  {
    // The domain is framework-free: the API and the islands both import it.
    files: ['src/domain/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: String.raw`^(react|react-dom|astro|hono|nanostores)(/.*)?$|^astro:|^@nanostores/|^node:`,
              message: 'src/domain stays framework-free: no React, Astro, Hono, nanostores nor Node built-ins.',
            },
          ],
        },
      ],
    },
  },
  {
    // Loaded as a plain script in every page, before any bundle.
    files: ['src/scripts/preload-recovery.js', 'src/scripts/scroll-to-hash.js'],
    languageOptions: { sourceType: 'script' },
  },
);
