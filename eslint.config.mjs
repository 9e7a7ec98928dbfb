import { createRequire } from 'node:module';
import Module from 'node:module';
import { readdirSync } from 'node:fs';
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
 * a popup one feature opens for another goes through components/popups/registry.ts, the one file
 * that knows every feature's popups.
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
    ...boundary([feature], `components/${feature} may import components/ui, components/popups, components/session and lib/, not another feature (open its popups by name: components/popups/registry.ts).`),
  })),
  {
    files: ['components/ui/**', 'components/session/**'],
    ...boundary([], 'The design system and the session know no feature.'),
  },
  {
    files: ['components/popups/**'],
    ignores: ['components/popups/registry.ts'],
    ...boundary([], 'The popup host knows no feature; only components/popups/registry.ts names their popups.'),
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
]);
