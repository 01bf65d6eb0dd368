// One flat config for the workspace: typescript-eslint, react-hooks, jsx-a11y, and the import
// direction of docs/architecture.md#the-shape: shared-contracts ← shared-ui ← (host-shell, mf-*);
// shared-contracts ← api-server. A remote never imports another remote or the host; the host never
// imports a remote.
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import globals from 'globals';
import importX, { createNodeResolver } from 'eslint-plugin-import-x';
import { boundaries } from './build-config/eslint/boundaries.mjs';

const REMOTES = [
  'mf-beneficiaries',
  'mf-services',
  'mf-finance',
  'mf-engagement',
  'mf-reports',
  'mf-admin',
];

const forbid = (files, names, why) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          { group: names.flatMap((n) => [n, `${n}/*`]), message: why, allowTypeImports: true },
        ],
      },
    ],
  },
});

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/coverage/**',
      '.release-store/**',
      '.data/**',
      'e2e/.artifacts/**',
      'build-config/test/lint-fixtures/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks, 'jsx-a11y': jsxA11y },
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      // The compiler (strict) already checks these; the React Compiler rules do not apply here.
      'react-hooks/react-compiler': 'off',
    },
  },
  {
    // Inside a package: features and API modules keep to their zones, and no import cycles.
    files: ['**/*.{ts,tsx}'],
    plugins: { boundaries, 'import-x': importX },
    settings: {
      // Dependencies are parsed too (to follow cycles): with the TypeScript parser, not espree.
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs', '.cjs'],
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'] }),
      ],
    },
    rules: {
      'boundaries/cross-zone-imports': 'error',
      'boundaries/api-layers': 'error',
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      // import-x/no-cycle skips type-only imports (and has no option to count them): this one counts them.
      'boundaries/no-cycle': 'error',
    },
  },
  {
    files: ['**/*.{js,cjs,mjs}'],
    languageOptions: { globals: { ...globals.node } },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['**/*.test.{ts,tsx}', '**/test/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.jest } },
  },
  forbid(
    ['shared-contracts/**'],
    [
      'shared-ui',
      'host-shell',
      'api-server',
      'gateway',
      ...REMOTES,
      'react',
      'react-dom',
      'styled-components',
    ],
    'shared-contracts is the bottom layer: no UI, no app code.',
  ),
  forbid(
    ['shared-ui/**'],
    ['host-shell', 'api-server', 'gateway', ...REMOTES],
    'shared-ui sits below the host and the remotes.',
  ),
  forbid(
    ['host-shell/**'],
    ['api-server', 'gateway', ...REMOTES],
    'The host loads remotes at run time only (loadRemote), never at build time.',
  ),
  ...REMOTES.map((remote) =>
    forbid(
      [`${remote}/**`],
      ['host-shell', 'api-server', 'gateway', ...REMOTES.filter((r) => r !== remote)],
      'A remote never imports the host or another remote.',
    ),
  ),
  forbid(
    ['api-server/**'],
    ['shared-ui', 'host-shell', 'gateway', ...REMOTES],
    'The API depends on shared-contracts only.',
  ),
);
