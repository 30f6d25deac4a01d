/** ESLint 8 (legacy config). `npm run lint` runs `eslint --cache --max-warnings=0 .`. */
module.exports = {
  root: true,
  parser: '@typescript-eslint/parser',
  parserOptions: {
    ecmaVersion: 'latest',
    sourceType: 'module',
    ecmaFeatures: { jsx: true },
  },
  plugins: ['@typescript-eslint', 'react', 'react-hooks'],
  extends: [
    'eslint:recommended',
    'plugin:@typescript-eslint/recommended',
    'plugin:react/recommended',
    'plugin:react/jsx-runtime',
    'plugin:react-hooks/recommended',
  ],
  settings: {
    react: { version: 'detect' },
  },
  env: {
    browser: true,
    node: true,
    es2022: true,
  },
  ignorePatterns: [
    'node_modules/',
    'build/',
    'public/build/',
    'data/',
    'test-results/',
    'playwright-report/',
    '.cache/',
  ],
  rules: {
    '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    'react/prop-types': 'off',
  },
  overrides: [
    // `eslint .` only picks up *.js by itself; listing the other extensions here makes it lint them too.
    { files: ['**/*.ts', '**/*.tsx', '**/*.mts', '**/*.js', '**/*.jsx', '**/*.mjs'] },
    {
      // CommonJS files (this one): `module.exports`, no imports.
      files: ['**/*.cjs'],
      parserOptions: { sourceType: 'script' },
      env: { node: true, browser: false },
    },
  ],
}
