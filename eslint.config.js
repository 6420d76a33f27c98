import js from '@eslint/js';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-*/**', 'node_modules/**', 'web/dist/**', 'runs/**', 'python/.venv/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { console: 'readonly', process: 'readonly', URL: 'readonly', setTimeout: 'readonly', clearTimeout: 'readonly', setInterval: 'readonly', clearInterval: 'readonly' } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    // Doc fragments show how a thing is used, not a whole program: the values they make need not be used.
    files: ['examples/fragments/**/*.ts'],
    rules: { '@typescript-eslint/no-unused-vars': 'off', '@typescript-eslint/no-unused-expressions': 'off' },
  },
  {
    // Code actions: their globals are the skills the sandbox defines for them (docs/env.md), and the program is a function body.
    files: ['examples/code/**/*.js'],
    languageOptions: { parserOptions: { ecmaFeatures: { globalReturn: true } } },
    rules: { 'no-undef': 'off' },
  },
  {
    // The browser pages (built by Vite): browser globals, none of Node's, and the server's code only as types, so
    // nothing of it is bundled into a page.
    files: ['web/**/*.ts'],
    ignores: ['web/vite.config.ts'],
    languageOptions: { globals: { ...globals.browser, process: 'off' } },
    rules: {
      'no-restricted-globals': ['error', 'process', 'Buffer', 'require', '__dirname', '__filename'],
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['node:*'], message: 'A page runs in the browser: it has no Node modules.' },
            { group: ['**/src/**'], allowTypeImports: true, message: 'Import the server\'s code as types only (`import type`), so it is not bundled into the page.' },
          ],
        },
      ],
    },
  },
  {
    // The world must stay deterministic: randomness and wall-clock time come in through Rng and the tick clock.
    files: ['src/world/**/*.ts'],
    ignores: ['src/world/**/*.test.ts'],
    rules: {
      'no-restricted-properties': [
        'error',
        { object: 'Math', property: 'random', message: 'Use the seeded Rng passed into the world.' },
        { object: 'Date', property: 'now', message: 'Use the tick clock; the world has no wall clock.' },
        { object: 'performance', property: 'now', message: 'Use the tick clock; the world has no wall clock.' },
      ],
      'no-restricted-imports': ['error', { patterns: ['node:fs', 'fs', 'node:net', 'node:http', 'node:child_process'] }],
    },
  },
);
