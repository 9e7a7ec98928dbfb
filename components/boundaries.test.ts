import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

/** The feature boundaries of eslint.config.mjs, tried on the real configuration. */
const eslint = new ESLint({ cwd: process.cwd() });

async function restricted(file: string, source: string): Promise<string[]> {
  const [result] = await eslint.lintText(source, { filePath: file });
  return result!.messages.filter((message) => message.ruleId === 'no-restricted-imports').map((message) => message.message);
}

const use = (from: string) => `import { x } from '${from}';\nexport const y = x;\n`;

describe('feature boundaries', () => {
  it('refuse an import from another feature', async () => {
    expect(await restricted('components/application/x.tsx', use('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/account/x.tsx', use('@/components/application/summary'))).toHaveLength(1);
    expect(await restricted('components/layout/x.tsx', use('@/components/home/home-choices'))).toHaveLength(1);
  });

  it('allow the own feature, the design system, the popup host, the session and lib', async () => {
    for (const from of ['@/components/application/summary', '@/components/ui/button', '@/components/popups/registry', '@/components/session/session-provider', '@/lib/api/client']) {
      expect(await restricted('components/application/x.tsx', use(from)), from).toEqual([]);
    }
  });

  it('keep the design system, the session and the popup host free of features, but for the registry', async () => {
    expect(await restricted('components/ui/x.tsx', use('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/session/x.tsx', use('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/popups/x.tsx', use('@/components/account/login-popup'))).toHaveLength(1);
    expect(await restricted('components/popups/registry.ts', use('@/components/account/login-popup'))).toEqual([]);
  });
});
