import { createRequire } from 'node:module';
import Module from 'node:module';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
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
 * a popup one feature opens for another is asked for by name (usePopup, components/popups/registry.ts)
 * from the table the app layer provides (app/popup-registry.tsx), typed in lib/popups/openers.ts.
 *
 * The rule resolves each specifier (`@/…` or relative) to a path in the repository before judging
 * it, so '../account/login-popup' is refused like '@/components/account/login-popup'; it reads
 * static imports, re-exports, `import()` and `typeof import()` alike.
 */
const shared = ['ui', 'popups', 'session'];
const componentFolders = readdirSync(new URL('./components', import.meta.url), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const features = componentFolders.filter((folder) => !shared.includes(folder));
const root = fileURLToPath(new URL('.', import.meta.url));

/** The folder of components/ a specifier written in `file` lands in, if any. */
function componentFolderOf(file, specifier) {
  let target;
  if (specifier.startsWith('@/')) target = specifier.slice(2);
  else if (specifier === '.' || specifier === '..' || specifier.startsWith('./') || specifier.startsWith('../')) {
    target = path.posix.join(path.posix.dirname(file), specifier);
  } else return undefined;
  const [top, folder] = target.split('/');
  return top === 'components' && componentFolders.includes(folder) ? folder : undefined;
}

const featureImports = {
  meta: {
    type: 'problem',
    schema: [
      {
        type: 'object',
        properties: { allowed: { type: 'array', items: { type: 'string' } }, message: { type: 'string' } },
        required: ['allowed', 'message'],
        additionalProperties: false,
      },
    ],
  },
  create(context) {
    const { allowed, message } = context.options[0];
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    const check = (source) => {
      const specifier =
        source?.type === 'Literal' ? source.value
        : source?.type === 'TemplateLiteral' && source.expressions.length === 0 ? source.quasis[0].value.cooked
        : undefined;
      if (typeof specifier !== 'string') return;
      const folder = componentFolderOf(file, specifier);
      if (folder !== undefined && !allowed.includes(folder)) context.report({ node: source, message });
    };
    return {
      ImportDeclaration: (node) => check(node.source),
      ExportNamedDeclaration: (node) => check(node.source),
      ExportAllDeclaration: (node) => check(node.source),
      ImportExpression: (node) => check(node.source),
      TSImportType: (node) => check(node.source ?? node.argument?.literal),
    };
  },
};

const boundary = (own, message) => ({
  rules: { 'boundaries/feature-imports': ['error', { allowed: [...shared, ...own], message }] },
});
const boundaries = [
  { plugins: { boundaries: { rules: { 'feature-imports': featureImports } } } },
  ...features.map((feature) => ({
    files: [`components/${feature}/**`],
    ...boundary([feature], `components/${feature} may import components/ui, components/popups, components/session and lib/, not another feature (open its popups by name: usePopup, components/popups/registry.ts).`),
  })),
  {
    files: ['components/ui/**', 'components/session/**'],
    ...boundary([], 'The design system and the session know no feature.'),
  },
  {
    files: ['components/popups/**'],
    ...boundary([], 'The popup host knows no feature; the app layer names their popups (app/popup-registry.tsx).'),
  },
];

/**
 * No import circles: a module never reaches itself through what it imports, lazily loaded views
 * (`import()`) included, so changing one file never moves the files that import it from behind.
 * Type-only imports are no circle (they vanish at build time). Our own rule, in a few lines:
 * eslint-plugin-import's and import-x's `no-cycle` found no circle at all here, not even a planted
 * two-file one (components/boundaries.test.ts plants one for this rule; docs/decisions/0026).
 */
const sourceRoots = ['app', 'components', 'lib', 'sandbox'];
const sourceFile = /\.(ts|tsx)$/;
/** Each file's imports, kept while its modification time stays the same. */
const importsOf = new Map();

function sourceFiles() {
  const files = [];
  const walk = (dir) => {
    for (const entry of readdirSync(path.join(root, dir), { withFileTypes: true })) {
      const file = `${dir}/${entry.name}`;
      if (entry.isDirectory()) walk(file);
      else if (sourceFile.test(entry.name) && !entry.name.endsWith('.d.ts')) files.push(file);
    }
  };
  for (const dir of sourceRoots) if (existsSync(path.join(root, dir))) walk(dir);
  for (const file of ['proxy.ts', 'instrumentation.ts']) if (existsSync(path.join(root, file))) files.push(file);
  return files;
}

/** The repository file a specifier written in `file` names, if it is one of ours. */
function resolveSource(file, specifier, files) {
  let target;
  if (specifier.startsWith('@/')) target = specifier.slice(2);
  else if (specifier.startsWith('./') || specifier.startsWith('../')) target = path.posix.join(path.posix.dirname(file), specifier);
  else return undefined;
  return [target, `${target}.ts`, `${target}.tsx`, `${target}/index.ts`, `${target}/index.tsx`].find((candidate) => files.has(candidate));
}

function importGraph() {
  const files = new Set(sourceFiles());
  const graph = new Map();
  for (const file of files) {
    const mtime = statSync(path.join(root, file)).mtimeMs;
    let kept = importsOf.get(file);
    if (kept?.mtime !== mtime) {
      const source = readFileSync(path.join(root, file), 'utf8');
      const specifiers = [];
      // Value imports and re-exports (not `import type` / `export type`), and `import('…')`.
      for (const match of source.matchAll(/^\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\sfrom\s+)?['"]([^'"]+)['"]|\bimport\(\s*['"]([^'"]+)['"]\s*\)/gm)) {
        specifiers.push(match[1] ?? match[2]);
      }
      kept = { mtime, specifiers };
      importsOf.set(file, kept);
    }
    graph.set(file, kept.specifiers.map((specifier) => resolveSource(file, specifier, files)).filter(Boolean));
  }
  return graph;
}

/** A shortest way from `start` back to itself, or undefined. */
function circleThrough(graph, start) {
  const cameFrom = new Map([[start, null]]);
  const queue = [start];
  while (queue.length) {
    const file = queue.shift();
    for (const next of graph.get(file) ?? []) {
      if (next === start) {
        const way = [file];
        for (let at = cameFrom.get(file); at; at = cameFrom.get(at)) way.unshift(at);
        return [...way, start];
      }
      if (!cameFrom.has(next)) {
        cameFrom.set(next, file);
        queue.push(next);
      }
    }
  }
  return undefined;
}

const noCirclesRule = {
  meta: { type: 'problem', schema: [] },
  create(context) {
    const file = path.relative(root, context.filename).split(path.sep).join('/');
    return {
      'Program:exit'(node) {
        const circle = circleThrough(importGraph(), file);
        if (circle) context.report({ node, message: `Import circle: ${circle.join(' → ')}` });
      },
    };
  },
};

const noCircles = [
  { plugins: { circles: { rules: { 'no-circles': noCirclesRule } } } },
  {
    files: ['app/**/*.{ts,tsx}', 'components/**/*.{ts,tsx}', 'lib/**/*.{ts,tsx}', 'sandbox/**/*.ts', 'proxy.ts', 'instrumentation.ts'],
    rules: { 'circles/no-circles': 'error' },
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
 * lib/ in rooms, each a folder by concern, and the rooms each may import (docs/architecture.md,
 * "lib's rooms"): a room imports only rooms below it, so no arrow runs back up and no two rooms lean
 * on each other. ESLint's own no-restricted-imports holds it, for `@/lib/…` and relative paths
 * alike; lib/ never imports components/ or app/. A new room joins this table with the rooms it needs.
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
const libRoomRules = Object.entries(libRooms).map(([room, allowed]) => {
  const refused = roomNames.filter((other) => other !== room && !allowed.includes(other));
  return {
    files: [`lib/${room}/**/*.{ts,tsx,mts,mjs}`],
    // A test may reach across rooms: it checks the room from outside.
    ignores: ['lib/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            ...(refused.length
              ? [{ regex: `^(@/lib/|(\\.\\./)+)(${refused.join('|')})(/|$)`, message: allowed.length ? `lib/${room} may import lib/${allowed.join(', lib/')} only (eslint.config.mjs, libRooms).` : `lib/${room} is the ground floor: it imports no other room of lib/.` }]
              : []),
            { regex: '^(@/(components|app)|(\\.\\./)+(components|app))(/|$)', message: 'lib/ never imports components/ or app/.' },
          ],
        },
      ],
    },
  };
});
/** No file at lib/'s root: every rule has a room. */
const libRootFiles = readdirSync(new URL('./lib', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => `lib/${entry.name}`);
if (libRootFiles.length) throw new Error(`eslint.config.mjs: ${libRootFiles.join(', ')} at lib/'s root: put each in a room (libRooms)`);
const libFolders = readdirSync(new URL('./lib', import.meta.url), { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
const roomless = libFolders.filter((folder) => !roomNames.includes(folder));
if (roomless.length) throw new Error(`eslint.config.mjs: lib/${roomless.join(', lib/')} is in no room of libRooms: add it with the rooms it may import`);

/**
 * scripts/ and e2e/ lean on each other through leaves only: the suite starts the tools' topologies
 * (scripts/edge.mjs, monitoring.mjs, stack.mjs) and waits for its servers with scripts/ports.cjs; the
 * test tools and the bench start browsers with e2e/support/browser.ts and chromium-flags.mjs. The
 * leaves import nothing of the project, and scripts/ nothing else of e2e/, so no circle runs between.
 */
const leafMessage = 'A leaf both scripts/ and e2e/ import imports nothing of the project (eslint.config.mjs, toolLeaves).';
const toolLeaves = [
  {
    files: ['scripts/**/*.{ts,mts,mjs}'],
    rules: {
      'no-restricted-imports': ['error', { patterns: [{ regex: '(^|/)e2e/(?!support/(browser|chromium-flags\\.mjs)$)', message: 'scripts/ may import e2e/support/browser and e2e/support/chromium-flags.mjs only (eslint.config.mjs, toolLeaves).' }] }],
    },
  },
  {
    files: ['scripts/ports.cjs', 'e2e/support/browser.ts', 'e2e/support/chromium-flags.mjs'],
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
  ...libRoomRules,
  ...toolLeaves,
]);
