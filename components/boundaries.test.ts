import { ESLint } from 'eslint';
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

/**
 * The boundaries of eslint.config.mjs, tried on the real configuration. The circle rule reads files
 * from disk, so it is tried on planted files below and off for these made-up ones. The boundaries
 * resolve each import to a file, so the imports below name files that exist.
 */
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: { rules: { 'import-x/no-cycle': 'off' } } });

async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
}

const use = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;
const load = (from: string) => `export const y = () => import('${from}');\n`;

describe('feature boundaries', () => {
  // The first lint loads the whole configuration (typescript-eslint, Next's rules): seconds on a busy machine.
  beforeAll(() => eslint.lintText('', { filePath: 'lib/warm-up.ts' }), 60_000);

  it('refuse an import from another feature', async () => {
    expect(await restricted('components/application/x.tsx', use('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/account/x.tsx', use('@/components/application/summary'))).toHaveLength(1);
    expect(await restricted('components/layout/x.tsx', use('@/components/home/home-choices'))).toHaveLength(1);
  });

  it('refuse a relative path out of the feature into another', async () => {
    expect(await restricted('components/application/x.tsx', use('../account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/application/deeper/x.tsx', use('../../account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/application/x.tsx', use('./../../components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/ui/x.tsx', use('../account/login-popup'))).toHaveLength(1);
  });

  it('refuse a dynamic import, a re-export and a type import from another feature', async () => {
    expect(await restricted('components/application/x.tsx', load('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/application/x.tsx', load('../account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/application/x.tsx', "export { x } from '@/components/account/login-popup';\n")).toHaveLength(1);
    expect(await restricted('components/application/x.tsx', "export type Y = typeof import('@/components/account/login-popup');\n")).toHaveLength(1);
  });

  it('allow the own feature, the design system, the popup host, the session and lib', async () => {
    for (const from of ['@/components/application/summary', '@/components/ui/button', '@/components/popups/registry', '@/components/session/session-provider', '@/lib/api/client']) {
      expect(await restricted('components/application/x.tsx', use(from)), from).toEqual([]);
      expect(await restricted('components/application/x.tsx', load(from)), from).toEqual([]);
    }
    for (const from of ['./summary', '../ui/button', '../popups/registry', '../session/session-provider', '../../lib/api/client', 'react']) {
      expect(await restricted('components/application/x.tsx', use(from)), from).toEqual([]);
    }
  });

  it('let app/ import any feature', async () => {
    expect(await restricted('app/x.tsx', use('@/components/account/login-popup'))).toEqual([]);
    expect(await restricted('app/x.tsx', use('../components/account/login-popup'))).toEqual([]);
  });

  it('keep the design system, the session and the popup host free of features, the registry included', async () => {
    expect(await restricted('components/ui/x.tsx', use('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/session/x.tsx', use('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/popups/x.tsx', use('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/popups/x.tsx', load('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/popups/registry.ts', use('@/components/account/login-popup'))).toHaveLength(1);
  });
});

describe('no import circles', () => {
  // Planted on disk for the rule to follow, in a folder of their own, and taken out again.
  // Inside a room (lib's root holds no folder but rooms: eslint.config.mjs refuses any other).
  const dir = `lib/domain/planted-circle-${process.pid}`;
  const linter = new ESLint({ cwd: process.cwd() });
  /** Plants a.ts importing b.ts by the alias, and b.ts as given; the circles a.ts is in. */
  const circles = async (name: string, b: string) => {
    mkdirSync(`${dir}/${name}`, { recursive: true });
    writeFileSync(`${dir}/${name}/a.ts`, `import { b } from '@/${dir}/${name}/b';\nexport const a = () => b;\n`);
    writeFileSync(`${dir}/${name}/b.ts`, b);
    const [result] = await linter.lintFiles([`${dir}/${name}/a.ts`]);
    return result!.messages.filter((message) => message.ruleId === 'import-x/no-cycle');
  };
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  // Each case its own pair of files: the rule keeps what it learnt of a file for the whole run.
  it('refuse a circle of static imports and one closed by a lazy import(), but not one of types only', async () => {
    expect(await circles('static', "import { a } from '../static/a';\nexport const b = () => a;\n")).toHaveLength(1);
    expect(await circles('lazy', "export const b = () => import('./a');\n")).toHaveLength(1);
    expect(await circles('types', "import type { a } from './a';\nexport const b = (x: typeof a) => x;\n")).toEqual([]);
    expect(await circles('inline-types', "import { type a } from './a';\nexport const b = (x: typeof a) => x;\n")).toEqual([]);
  }, 60_000);
});

describe('one reader of process.env in lib/', () => {
  const envReads = async (file: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath: file });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-properties');
  };

  it('refuse process.env anywhere in lib/ but lib/server/config.ts, destructured too', async () => {
    expect(await envReads('lib/x.ts', 'export const port = process.env.PORT;\n')).toHaveLength(1);
    expect(await envReads('lib/deeper/x.ts', 'const { env } = process;\nexport const port = env.PORT;\n')).toHaveLength(1);
    expect(await envReads('lib/x.mjs', 'export const port = process.env.PORT;\n')).toHaveLength(1);
  });

  it('allow lib/server/config.ts, the cache handler Next.js loads by itself, tests, and code outside lib/', async () => {
    for (const file of ['lib/server/config.ts', 'lib/server/cache-handler.mjs', 'lib/x.test.ts', 'proxy.ts', 'scripts/x.mjs']) {
      expect(await envReads(file, 'export const port = process.env.PORT;\n'), file).toEqual([]);
    }
  });
});

describe('lib in rooms', () => {
  const refused = async (file: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath: file });
    return result!.messages.filter((message) => message.ruleId === 'boundaries/dependencies').map((message) => message.message);
  };

  it('refuse an import of a room above, by alias or relative path, static, lazy or re-exported', async () => {
    expect(await refused('lib/server/x.ts', use('@/lib/bff/handle'))).toHaveLength(1);
    expect(await refused('lib/server/x.ts', use('../session/session'))).toHaveLength(1);
    expect(await refused('lib/domain/x.ts', use('@/lib/session/session'))).toHaveLength(1);
    expect(await refused('lib/domain/deeper/x.ts', use('../../upstream/upstream'))).toHaveLength(1);
    expect(await refused('lib/observability/x.ts', "export { x } from '@/lib/session/cookie';\n")).toHaveLength(1);
    expect(await refused('lib/upstream/x.ts', use('@/lib/pages/public-page'))).toHaveLength(1);
    expect(await refused('lib/domain/x.ts', load('../session/session'))).toHaveLength(1);
  });

  it('refuse components/ and app/ anywhere in lib/', async () => {
    expect(await refused('lib/bff/x.ts', use('@/components/ui/button'))).toHaveLength(1);
    expect(await refused('lib/session/x.ts', use('../../app/popup-registry'))).toHaveLength(1);
  });

  it('allow the rooms below, the own room, packages, and tests reaching across', async () => {
    expect(await refused('lib/bff/x.ts', use('@/lib/session/session'))).toEqual([]);
    expect(await refused('lib/session/x.ts', use('@/lib/upstream/upstream'))).toEqual([]);
    expect(await refused('lib/session/x.ts', use('./state'))).toEqual([]);
    expect(await refused('lib/domain/x.ts', use('../api/types'))).toEqual([]);
    expect(await refused('lib/server/x.ts', use('zod'))).toEqual([]);
    expect(await refused('lib/server/x.test.ts', use('@/lib/bff/handle'))).toEqual([]);
  });

  it('refuse a file at the root of lib and one in a folder that is no room', async () => {
    const unknown = async (file: string) => {
      const [result] = await eslint.lintText('export const y = 1;\n', { filePath: file });
      return result!.messages.filter((message) => message.ruleId === 'boundaries/no-unknown-files');
    };
    expect(await unknown('lib/x.ts')).toHaveLength(1);
    expect(await unknown('lib/nowhere/x.ts')).toHaveLength(1);
    expect(await unknown('lib/domain/x.ts')).toEqual([]);
  });
});

describe('scripts/ under e2e/, and the leaves they share', () => {
  const refused = async (file: string, source: string) => {
    const [result] = await eslint.lintText(source, { filePath: file });
    return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports' || message.ruleId === 'no-restricted-syntax').map((message) => message.message);
  };

  it('refuse scripts/ any file of e2e/, and a leaf any import of the project', async () => {
    expect(await refused('scripts/x.mjs', use('../e2e/support/servers'))).toHaveLength(1);
    expect(await refused('scripts/bench/x.mjs', use('../../e2e/support/env'))).toHaveLength(1);
    expect(await refused('scripts/x.ts', use('@/e2e/support/env'))).toHaveLength(1);
    expect(await refused('scripts/ports.cjs', "module.exports = require('./edge.mjs');\n")).toHaveLength(1);
    expect(await refused('scripts/ports.cjs', use('./edge.mjs'))).toHaveLength(1);
    expect(await refused('scripts/browser.ts', load('@/e2e/support/env'))).toHaveLength(1);
    expect(await refused('scripts/browser.ts', use('./test-tools'))).toHaveLength(1);
    expect(await refused('scripts/chromium-flags.mjs', use('@/lib/server/config'))).toHaveLength(1);
  });

  it('allow the leaves in scripts/ and e2e/, and packages in a leaf', async () => {
    expect(await refused('scripts/x.ts', use('./browser'))).toEqual([]);
    expect(await refused('scripts/bench/x.mjs', use('../chromium-flags.mjs'))).toEqual([]);
    expect(await refused('e2e/support/x.ts', use('../../scripts/browser'))).toEqual([]);
    expect(await refused('scripts/ports.cjs', "module.exports = require('node:net');\nexports.load = () => import('get-port');\n")).toEqual([]);
    expect(await refused('scripts/browser.ts', use('@playwright/test'))).toEqual([]);
  });
});
