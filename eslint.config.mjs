import { createRequire } from 'node:module';
import Module from 'node:module';
import { readdirSync } from 'node:fs';
import { defineConfig, globalIgnores } from 'eslint/config';

// The project compiles with TypeScript 7 (the native `tsc`), whose package has no JavaScript
// compiler API. typescript-eslint still needs that API, so its `require('typescript')` is pointed
// at the TypeScript 6 package kept for this purpose alone.
const require = createRequire(import.meta.url);
const typescript6 = require.resolve('@typescript/typescript6');
const resolveFilename = Module._resolveFilename;
Module._resolveFilename = function (request, parent, ...rest) {
  if (request === 'typescript') return typescript6;
  return resolveFilename.call(this, request, parent, ...rest);
};

/**
 * Feature boundaries: components/<feature> imports only its own folder, components/ui (the design
 * system), components/popups (the host), components/session and lib/. No feature imports another:
 * a popup one feature opens for another goes through components/popups/registry.ts, the one file
 * that knows every feature's popups.
 */
const shared = ['ui', 'popups', 'session'];
const features = readdirSync(new URL('./components', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory() && !shared.includes(entry.name))
  .map((entry) => entry.name);
const boundary = (own, message) => ({
  'no-restricted-imports': [
    'error',
    { patterns: [{ regex: `^@/components/(?!(?:${[...shared, ...own].join('|')})/)`, message }] },
  ],
});
const boundaries = [
  ...features.map((feature) => ({
    files: [`components/${feature}/**`],
    rules: boundary([feature], `components/${feature} may import components/ui, components/popups, components/session and lib/, not another feature (open its popups by name: components/popups/registry.ts).`),
  })),
  {
    files: ['components/ui/**', 'components/session/**'],
    rules: boundary([], 'The design system and the session know no feature.'),
  },
  {
    files: ['components/popups/**'],
    ignores: ['components/popups/registry.ts'],
    rules: boundary([], 'The popup host knows no feature; only components/popups/registry.ts names their popups.'),
  },
];

const nextVitals = require('eslint-config-next/core-web-vitals');
const nextTs = require('eslint-config-next/typescript');

export default defineConfig([
  ...nextVitals,
  ...nextTs,
  globalIgnores([
    '.next/**',
    '.next-*/**',
    'node_modules/**',
    '.data/**',
    'test-results/**',
    'playwright-report/**',
    'next-env.d.ts',
    'bench/.work/**',
  ]),
  // CommonJS files (scripts/cluster.cjs runs beside the standalone server.js) load with require().
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  ...boundaries,
]);
