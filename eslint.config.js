// ESLint 9, flat config (docs/decisions/0008-eslint-flat-config.md). `npm run lint` runs
// `eslint --cache --max-warnings=0 .`.
import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import react from 'eslint-plugin-react'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig([
  globalIgnores([
    'build/',
    'public/build/',
    'public/styles/',
    'data/',
    'test-results/',
    'playwright-report/',
    '.cache/',
  ]),
  {
    files: ['**/*.{js,mjs,cjs,jsx,ts,mts,cts,tsx}'],
    extends: [
      js.configs.recommended,
      tseslint.configs.recommended,
      react.configs.flat.recommended,
      react.configs.flat['jsx-runtime'],
    ],
    plugins: { 'react-hooks': reactHooks },
    languageOptions: {
      ecmaVersion: 'latest',
      sourceType: 'module',
      parserOptions: { ecmaFeatures: { jsx: true } },
      globals: { ...globals.browser, ...globals.node, ...globals.es2021 },
    },
    settings: { react: { version: 'detect' } },
    rules: {
      // The plugin's classic "recommended" set (its later presets add the React Compiler's rules).
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'react/prop-types': 'off',
    },
  },
  {
    // Radix Themes' script would come back on every page: the portal's pages take its components from
    // app/components/themes (record 0020); its stylesheet and its types are still Radix's.
    files: ['app/**'],
    ignores: ['app/**/*.test.tsx'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@radix-ui/themes',
              message: "Import it from '#app/components/themes', which writes Radix's classes without its script.",
              allowTypeImports: true,
            },
          ],
        },
      ],
    },
  },
  {
    // Playwright's fixtures hand each test a callback named `use`, which the hooks plugin takes for React's `use`.
    files: ['tests/e2e/**'],
    rules: { 'react-hooks/rules-of-hooks': 'off' },
  },
])
