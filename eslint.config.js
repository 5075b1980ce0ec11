import js from '@eslint/js';
import importPlugin from 'eslint-plugin-import';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Issue #8 item 4: every form carries the console's unsaved-changes guard (src/components/GuardedForm.tsx).
const formsGuarded = {
  name: 'react-admin',
  importNames: ['SimpleForm', 'TabbedForm'],
  message: 'Use GuardedForm from src/components/GuardedForm.tsx: it asks before unsaved edits are dropped.',
};

// Issue #8 item 7: one create button, in the page header at every width (react-admin's floats over lists on phones).
const oneCreateButton = {
  name: 'react-admin',
  importNames: ['CreateButton'],
  message: 'Use NewRecordButton from src/components/PageHeader.tsx in the page header: one create button everywhere.',
};

// A form's inputs mark the fields its area's declaration requires (src/components/declaredInputs/). A list's filters use
// react-admin's own: they save nothing, so nothing in them is required.
const declaredInputs = {
  name: 'react-admin',
  importNames: ['TextInput', 'NumberInput', 'SelectInput', 'AutocompleteInput', 'RadioButtonGroupInput', 'DateInput', 'DateTimeInput'],
  message: "Use the inputs of src/components/declaredInputs/ in a form (one file each): they mark the fields the area's declaration requires.",
};
const FORM_FILES = ['src/components/**/*.tsx', 'src/resources/**/*.tsx'];
const NOT_FORM_FILES = ['src/**/*List.tsx', 'src/components/ListSearch.tsx', 'src/components/declaredInputs/*.tsx', 'src/**/*.test.tsx'];
const resourcesApart = { regex: '^\\.\\./(?!\\.\\.|index$|types$|icons$)', message: 'Refer to other resources by name.' };
const resourceInternals = {
  group: ['../resources/*/*', '../../resources/*/*'],
  message: "Import a resource's declaration from resources/index.ts, never its internals.",
};

export default tseslint.config(
  { ignores: ['dist/', 'dist-server/', 'coverage/', 'node_modules/', 'screenshots/', 'data/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
    plugins: { import: importPlugin, 'react-hooks': reactHooks },
    settings: {
      // Relative, extensionless TypeScript imports are all the boundary rules need to resolve.
      'import/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } },
      'import/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      // Only our own files are read for import/no-cycle: following packages' imports through node_modules took
      // 96% of the lint's time (167 of 175 s) and no cycle can run through a package back into our code.
      'import/ignore': ['node_modules'],
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import/no-cycle': 'error',
      // STYLE.md, "What may import what".
      'import/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './schema', from: ['./src', './server', './tests'], message: 'schema/ imports only zod.' },
            { target: './src', from: './server', message: 'Nothing in src/ imports from server/.' },
            { target: './server', from: './src', message: 'The API does not import the console.' },
          ],
        },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [formsGuarded, oneCreateButton],
          patterns: [resourceInternals],
        },
      ],
    },
  },
  {
    files: FORM_FILES,
    ignores: ['src/resources/*/**', ...NOT_FORM_FILES],
    rules: {
      'no-restricted-imports': ['error', { paths: [formsGuarded, oneCreateButton, declaredInputs], patterns: [resourceInternals] }],
    },
  },
  {
    files: ['src/resources/*/**/*.{ts,tsx}'],
    rules: {
      // STYLE.md: one resource never imports another; refer to it by name.
      // A path that climbs one level and enters a sibling folder is another resource; ../../ leaves resources/.
      'no-restricted-imports': ['error', { paths: [formsGuarded, oneCreateButton], patterns: [resourcesApart] }],
    },
  },
  {
    files: ['src/resources/*/**/*.tsx'],
    ignores: NOT_FORM_FILES,
    rules: {
      'no-restricted-imports': ['error', { paths: [formsGuarded, oneCreateButton, declaredInputs], patterns: [resourcesApart] }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/httpClient.ts', 'src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-globals': ['error', { name: 'fetch', message: 'Only src/httpClient.ts calls fetch.' }],
      'no-restricted-properties': ['error', { object: 'window', property: 'fetch', message: 'Only src/httpClient.ts calls fetch.' }],
    },
  },
  {
    files: ['src/**/*.tsx'],
    ...jsxA11y.flatConfigs.recommended,
  },
  {
    files: ['server/routes/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'better-sqlite3', message: 'Routes go through repositories, never the driver.' },
            { name: 'pg', message: 'Routes go through repositories, never the driver.' },
          ],
        },
      ],
    },
  },
  {
    // Kysely's advice: migrations use Kysely<any>, so they never depend on today's table types.
    files: ['server/db/**/*.ts'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    files: ['scripts/**/*.mjs', 'tests/**/*.ts', 'examples/website/server.mjs'],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    // The example website's modules run in the browser as they are (no build step).
    files: ['examples/website/js/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
);
