import { readFileSync } from 'node:fs';
import path from 'node:path';
import catalogLoader from 'next-intl/extractor/catalogLoader';

/**
 * A catalogue as the build's modules import it: messages/<locale>.json through next-intl's own
 * catalogue loader with the options next.config.ts gives it (`experimental.messages`: JSON,
 * `precompile`), so each string is icu-minify's compiled form. Vitest reads the files as they are;
 * tests of the build's shape load them through here.
 */
export function precompiledMessages(locale: 'tr' | 'en'): Promise<Record<string, unknown>> {
  const file = path.resolve(import.meta.dirname, '../messages', `${locale}.json`);
  return new Promise((resolve, reject) => {
    const context = {
      getOptions: () => ({ messages: { format: 'json' as const, locales: 'infer' as const, precompile: true } }),
      async: () => (error: Error | null | undefined, output?: string | Buffer) => {
        if (error || output === undefined) return reject(error ?? new Error(`no output for ${file}`));
        // The loader's module is `export default JSON.parse("…");`: the JSON is the string literal.
        const literal = /^export default JSON\.parse\((".*")\);$/s.exec(String(output))?.[1];
        if (!literal) return reject(new Error(`unexpected loader output for ${file}`));
        resolve(JSON.parse(JSON.parse(literal) as string) as Record<string, unknown>);
      },
      resourcePath: file,
      rootContext: path.resolve(import.meta.dirname, '..'),
    };
    catalogLoader.call(context as never, readFileSync(file, 'utf8'));
  });
}
