import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  resolve: {
    alias: { '@': fileURLToPath(new URL('.', import.meta.url)) },
  },
  test: {
    include: ['lib/**/*.test.ts', 'deploy/**/*.test.ts', 'sandbox/**/*.test.ts', 'scripts/**/*.test.ts', 'app/**/*.test.ts', 'components/**/*.test.ts', 'e2e/support/**/*.test.ts'],
    environment: 'node',
    // `server-only` throws outside a React server build; tests import server modules directly.
    // use-intl is inlined so that a test can stand in for its `use-intl/format-message` import as the
    // build does (lib/bff/precompiled-catalogues.test.ts). next-intl is inlined so that its middleware,
    // which imports `next/server` without an extension, loads in lib/pages/shared-view.test.ts (it imports proxy.ts).
    server: { deps: { inline: ['server-only', 'use-intl', 'next-intl'] } },
    alias: { 'server-only': fileURLToPath(new URL('./testing/server-only-stub.ts', import.meta.url)) },
  },
});
