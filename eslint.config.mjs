// One lint config for the workspace: TypeScript's recommended rules, React hooks rules for the browser code.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'api/drizzle/**', '**/*.cjs'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'error',
    },
  },
  {
    files: ['shared/src/**/*.tsx', 'shell/src/**/*.tsx', 'mf-*/src/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  {
    // The UI-free core of @bahi/shared: what the login page loads. No antd, no icons, no components.
    files: ['shared/src/**/*.{ts,tsx}'],
    ignores: ['shared/src/ui/**', 'shared/src/testing/**', 'shared/src/mf/**', '**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: '@bahi/shared/ui', message: 'The core of @bahi/shared must not depend on its UI.' }],
          patterns: [
            { group: ['antd', 'antd/*', '@ant-design/*'], message: 'The core of @bahi/shared carries no antd (login page budget).' },
            { group: ['../ui', '../ui/*', './ui', './ui/*'], message: 'The core of @bahi/shared must not depend on its UI.' },
          ],
        },
      ],
    },
  },
  {
    // Browser code takes @bahi/shared through its two shared singletons; other subpaths would bundle a copy.
    // One notification system (seed §9): notify from @bahi/shared/ui, never antd's message or notification.
    files: ['shell/src/**/*.{ts,tsx}', 'mf-*/src/**/*.{ts,tsx}', 'shared/src/ui/**/*.{ts,tsx}', 'shared/src/testing/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "MemberExpression[object.callee.property.name='useApp'][property.name=/^(message|notification)$/]",
          message: "Use notify from '@bahi/shared/ui' (seed §9 notifications), not antd's App.useApp().message/notification.",
        },
        {
          selector: "VariableDeclarator[init.callee.property.name='useApp'] > ObjectPattern > Property[key.name=/^(message|notification)$/]",
          message: "Use notify from '@bahi/shared/ui' (seed §9 notifications), not antd's App.useApp().message/notification.",
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'antd',
              importNames: ['message', 'notification'],
              message: "Use notify from '@bahi/shared/ui' (seed §9 notifications), not antd's message/notification.",
            },
          ],
          patterns: [
            {
              group: ['@bahi/shared/contracts', '@bahi/shared/india', '@bahi/shared/gst', '../../shared/*'],
              message: "Import from '@bahi/shared' (the shared core singleton) instead.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['**/*.test.ts', '**/*.test.tsx', '**/test/**'],
    rules: { '@typescript-eslint/no-non-null-assertion': 'off' },
  },
);
