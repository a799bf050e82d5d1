import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import reactRefresh from 'eslint-plugin-react-refresh';
import globals from 'globals';
import tseslint from 'typescript-eslint';

// Layering (docs/web-boundaries.md): src/app wires src/features/<name> together; features use
// src/components and src/lib; the shared layers use nothing above them.
//
// The features, bottom up: a feature may use only the features listed before it, so there are no
// cycles between features. A new dependency against this order means the shared piece belongs
// lower down (in the feature that owns it, or in src/components or src/lib).
const FEATURES = [
  'address',
  'consent',
  'feedback',
  'policies',
  'version',
  'webhooks',
  'assistant',
  'auth',
  'onboarding',
  'settings',
  'cases',
  'help',
  'documents',
  'notifications',
  'application',
  'sourceOfFunds',
  'conversation',
  'invitations',
  'tiles',
  'shell',
  'staff',
];

const layerZones = [
  {
    target: ['src/components', 'src/lib'],
    from: ['src/features', 'src/app'],
    message: 'Shared code (src/components, src/lib) must not depend on features or the app.',
  },
  {
    target: 'src/features',
    from: 'src/app',
    message: 'Features must not depend on src/app.',
  },
];

// A feature is reached only through its public entries: ./index.ts, kept light because the first
// page loads it; ./lazy.ts where a feature has one, for lazily loaded code elsewhere (it brings
// the form libraries); and, for the router in src/app, ./routes/index.ts, the screens it loads
// lazily.
const publicApiZones = FEATURES.flatMap((name) => {
  const from = `src/features/${name}`;
  const message = `Import features/${name} through its public API (${from}/index.ts, or ./lazy.ts from a lazily loaded screen).`;
  const others = FEATURES.filter((other) => other !== name).map((o) => `src/features/${o}`);
  return [
    { target: [...others, 'src/test'], from, except: ['./index.ts', './lazy.ts'], message },
    {
      target: 'src/app',
      from,
      except: ['./index.ts', './lazy.ts', './routes/index.ts'],
      message,
    },
  ];
});

// Tests are exempt: they may use a feature above their own (a screen test checks the 404 page of
// features/shell).
const featureOrderZones = FEATURES.slice(0, -1).map((name, i) => ({
  target: `src/features/${name}`,
  from: FEATURES.slice(i + 1).map((above) => `src/features/${above}`),
  message: `features/${name} may use only the features listed before it in eslint.config.js (no cycles between features).`,
}));

// Test helpers are for tests only.
const testHelperZone = {
  target: 'src',
  from: 'src/test',
  message: 'src/test holds test helpers: only tests may import them.',
};

const TESTS = ['**/*.test.{ts,tsx}', 'src/test/**'];

export default tseslint.config(
  { ignores: ['dist', 'node_modules', 'src/lib/api/schema.d.ts'] },
  {
    extends: [js.configs.recommended, ...tseslint.configs.recommended],
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      ecmaVersion: 2022,
      globals: { ...globals.browser, ...globals.node },
    },
    plugins: {
      'react-hooks': reactHooks,
      'react-refresh': reactRefresh,
    },
    rules: {
      ...reactHooks.configs.recommended.rules,
      // Screens export their spec texts next to the component that shows them.
      'react-refresh/only-export-components': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: [...layerZones, ...publicApiZones] }],
      'import-x/no-cycle': 'error',
    },
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    ignores: TESTS,
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        { zones: [...layerZones, ...publicApiZones, ...featureOrderZones, testHelperZone] },
      ],
    },
  },
  prettier,
);
