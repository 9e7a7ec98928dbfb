import { createRequire } from 'node:module';
import Module from 'node:module';
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
]);
