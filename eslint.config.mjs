import { createRequire } from 'node:module';
import Module from 'node:module';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { defineConfig, globalIgnores } from 'eslint/config';
import boundariesPlugin from 'eslint-plugin-boundaries';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import importX from 'eslint-plugin-import-x';

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
 * No import circles: a module never reaches itself through what it imports, lazily loaded views
 * (`import()`) included, so changing one file never moves the files that import it from behind.
 * Type-only imports are no circle (they vanish at build time). import-x's no-cycle, with the
 * TypeScript resolver for the `@/` alias; components/boundaries.test.ts plants circles for it
 * (docs/decisions/0030).
 */
const noCircles = [
  { plugins: { 'import-x': importX } },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'sandbox/**/*.ts', 'proxy.ts', 'instrumentation.ts'],
    settings: {
      'import-x/resolver-next': [createTypeScriptImportResolver()],
      // The files an import leads to are read only if their extension is listed (the default is
      // JavaScript's alone), with the parser of the file being linted.
      'import-x/extensions': ['.ts', '.tsx', '.mjs', '.js'],
      // No circle runs through a package: the walk stays out of node_modules.
      'import-x/ignore': ['node_modules'],
    },
    rules: { 'import-x/no-cycle': 'error' },
  },
];

/**
 * lib/server/config.ts is lib/'s one reader of process.env: every setting is validated once, at start, and
 * documented (scripts/docs-check.test.ts reads its schema). The one exception is
 * lib/server/cache-handler.mjs, which Next.js loads by itself, outside the app's modules and before
 * lib/server/config.ts has run. Tests write the environment they configure.
 */
const oneEnvReader = {
  files: ['lib/**/*.{ts,tsx,mts,mjs,js,cjs}'],
  ignores: ['lib/server/config.ts', 'lib/server/cache-handler.mjs', 'lib/**/*.test.ts'],
  rules: {
    'no-restricted-properties': [
      'error',
      { object: 'process', property: 'env', message: 'lib/server/config.ts is the one reader of process.env in lib/: add the variable to its schema and read getConfig().' },
    ],
  },
};

/**
 * The house's elements and what each may import, held by eslint-plugin-boundaries
 * (docs/decisions/0030). It resolves every specifier (`@/…` or relative, through eslint-config-next's
 * resolvers) to a file before judging it, and reads static imports, re-exports, `import()` and
 * `typeof import()` alike.
 *
 * Features: components/<feature> imports only its own folder, components/ui (the design system),
 * components/popups (the host), components/session and lib/. No feature imports another: a popup one
 * feature opens for another is asked for by name (usePopup, components/popups/registry.ts) from the
 * table the app layer provides (app/popup-registry.tsx), typed in lib/popups/openers.ts.
 */
const shared = ['ui', 'popups', 'session'];
const componentFolders = readdirSync(new URL('./components', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const features = componentFolders.filter((folder) => !shared.includes(folder));

/**
 * lib/ in rooms, each a folder by concern, and the rooms each may import (docs/architecture.md,
 * "lib's rooms"): a room imports only rooms below it, so no arrow runs back up and no two rooms lean
 * on each other; lib/ never imports components/ or app/. A new room joins this table with the rooms
 * it needs; a file at lib's root or in a folder that is no room is an unknown file.
 */
const libRooms = {
  server: [],
  validation: [],
  i18n: ['server'],
  api: ['validation'],
  domain: ['api', 'validation'],
  popups: ['api', 'validation'],
  profile: ['api', 'domain', 'validation'],
  account: ['api', 'domain', 'validation', 'i18n'],
  vitals: ['i18n'],
  application: ['api', 'domain', 'validation'],
  observability: ['server', 'api', 'application'],
  upstream: ['server', 'api', 'observability'],
  pages: ['server', 'i18n', 'api', 'observability', 'upstream'],
  session: ['server', 'api', 'domain', 'observability', 'pages', 'upstream'],
  documents: ['server', 'api', 'domain', 'validation'],
  legal: ['server', 'i18n', 'api', 'validation', 'session'],
  bff: ['server', 'validation', 'i18n', 'api', 'domain', 'application', 'observability', 'upstream', 'session', 'documents'],
};
const roomNames = Object.keys(libRooms);

/** Each folder is its own element type, named by its path: `components/account`, `lib/server`, `app`. */
const element = (folder) => ({ type: folder, pattern: `${folder}/**`, partialMatch: false });
const components = (folders) => folders.map((folder) => `components/${folder}`);
const rooms = (names) => names.map((name) => `lib/${name}`);
const disallow = (from, to, message) => ({ from: { element: { type: from } }, disallow: { to: { element: { type: to } } }, message });

const boundaries = [
  {
    plugins: { boundaries: boundariesPlugin },
    settings: {
      'boundaries/root-path': fileURLToPath(new URL('.', import.meta.url)),
      'boundaries/elements': [element('app'), ...components(componentFolders).map(element), ...rooms(roomNames).map(element)],
      'boundaries/additional-dependency-nodes': [{ selector: 'TSImportType > Literal', kind: 'type', name: 'import-type' }],
    },
  },
  {
    files: ['components/**', 'lib/**'],
    rules: {
      'boundaries/dependencies': [
        'error',
        {
          default: 'allow',
          policies: [
            ...features.map((feature) =>
              disallow(`components/${feature}`, components(features.filter((other) => other !== feature)), `components/${feature} may import components/ui, components/popups, components/session and lib/, not another feature (open its popups by name: usePopup, components/popups/registry.ts).`),
            ),
            disallow(components(['ui', 'session']), components(features), 'The design system and the session know no feature.'),
            disallow('components/popups', components(features), 'The popup host knows no feature; the app layer names their popups (app/popup-registry.tsx).'),
            ...Object.entries(libRooms).map(([room, allowed]) => {
              const refused = roomNames.filter((other) => other !== room && !allowed.includes(other));
              return disallow(`lib/${room}`, rooms(refused), allowed.length ? `lib/${room} may import lib/${allowed.join(', lib/')} only (eslint.config.mjs, libRooms).` : `lib/${room} is the ground floor: it imports no other room of lib/.`);
            }),
            disallow(rooms(roomNames), ['app', ...components(componentFolders)], 'lib/ never imports components/ or app/.'),
          ],
        },
      ],
    },
  },
  // A test may reach across rooms: it checks the room from outside.
  { files: ['lib/**/*.test.ts'], rules: { 'boundaries/dependencies': 'off' } },
  // Every file of lib/ is in a room: none at lib's root, none in a folder libRooms does not name.
  { files: ['lib/**'], rules: { 'boundaries/no-unknown-files': 'error' } },
];

/**
 * The suite stands on the tools, never the reverse: e2e/ starts the tools' topologies
 * (scripts/edge.mjs, monitoring.mjs, stack.mjs), waits with scripts/ports.cjs and starts browsers
 * with scripts/browser.ts and chromium-flags.mjs, which the test tools and the bench use too; no
 * file of scripts/ imports e2e/. Those three leaves import nothing of the project.
 */
const leafMessage = 'A leaf the suite and the tools share imports nothing of the project (eslint.config.mjs, toolLeaves).';
const toolLeaves = [
  {
    files: ['scripts/**/*.{ts,mts,mjs,cjs}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)e2e(/|$)', message: 'scripts/ never imports e2e/: the suite stands on the tools (eslint.config.mjs, toolLeaves).' }] }],
    },
  },
  {
    files: ['scripts/ports.cjs', 'scripts/browser.ts', 'scripts/chromium-flags.mjs'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '^(\\.|@/)', message: leafMessage }] }],
      // require() and import() too, which no-restricted-imports does not read.
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.name='require'][arguments.0.value=/^(\\.|@[^a-z])/]", message: leafMessage },
        { selector: 'ImportExpression[source.value=/^(\\.|@[^a-z])/]', message: leafMessage },
      ],
    },
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
  // CommonJS files load with require().
  { files: ['**/*.cjs'], rules: { '@typescript-eslint/no-require-imports': 'off' } },
  ...boundaries,
  ...noCircles,
  oneEnvReader,
  ...toolLeaves,
]);
