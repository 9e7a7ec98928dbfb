import path from 'node:path';
import type { NextConfig } from 'next';
import createNextIntlPlugin from 'next-intl/plugin';
import { contentSecurityPolicy, staticSecurityHeaders } from './lib/pages/security-headers';
import { sharedViewRewrites } from './lib/pages/shared-view';

// Messages precompiled at build time: next-intl's loader turns every ICU string of
// messages/*.json into icu-minify's compiled form, and `use-intl/format-message` becomes its
// format-only formatter, so no page ships intl-messageformat's parser. It applies to every import of
// messages/*.json in the build, server code included: a text is read through a translator, never as
// the string in the file (`t.raw` throws). testing/precompiled-messages.ts loads the catalogues
// the same way for the tests that hold both shapes to the same words.
const withNextIntl = createNextIntlPlugin({
  requestConfig: './lib/i18n/request.ts',
  experimental: { messages: { path: './messages', format: 'json', locales: 'infer', precompile: true } },
});

// A second build directory lets two builds run side by side (NEXT_DIST_DIR=.next-b).
const distDir = process.env.NEXT_DIST_DIR ?? '.next';
// Other builds' directories, but never this build's own: `.next-*/**` would strip a `.next-b`
// build's server chunks out of its standalone output.
const otherBuilds = distDir.startsWith('.next-') ? `.next-!(${distDir.slice('.next-'.length)})/**` : '.next-*/**';

// One release (scripts/build.mjs names it): Next.js's version-skew protection sends a page of
// another release a full navigation instead of chunks it does not have, and the id is the build id
// too (Next.js would keep the build id constant under a deployment id), so this release's cache
// entries (lib/server/cache-handler.mjs) and its static folder (`_next/static/<build id>/`) are its own.
// `next build` run by hand gets one here.
const deploymentId = (process.env.NEXT_DEPLOYMENT_ID ??= `local-${Date.now().toString(36)}`);

const nextConfig: NextConfig = {
  distDir,
  // BENCH_ROUTES=1 (the bench's own build, scripts/bench/servers.mjs): `route.bench.ts` files are
  // routes too (the bench's floor, app/api/bench). Any other build leaves them out; first, so a
  // `.bench.ts` file is not taken for a `.ts` one.
  ...(process.env.BENCH_ROUTES === '1' ? { pageExtensions: ['bench.ts', 'tsx', 'ts', 'jsx', 'js'] } : {}),
  deploymentId,
  generateBuildId: async () => deploymentId,
  // The release in the server's own code (lib/server/config.ts): basvuru_build_info, service.version's neighbour.
  env: { BUILD_RELEASE: deploymentId },
  output: 'standalone',
  poweredByHeader: false,
  reactStrictMode: true,
  // One copy of each in the process, whichever layer (instrumentation, routes, pages) loads it.
  serverExternalPackages: [
    'pino',
    'prom-client',
    '@opentelemetry/api',
    '@opentelemetry/context-async-hooks',
    '@opentelemetry/core',
    '@opentelemetry/exporter-trace-otlp-http',
    '@opentelemetry/resources',
    '@opentelemetry/sdk-trace',
    // Reads its own files (font metrics) beside its code at run time.
    'pdfkit',
  ],
  // Next.js's cache in Redis when REDIS_URL is set, shared by every instance (lib/server/cache-handler.mjs);
  // `next dev` keeps nothing anyway.
  cacheHandler: process.env.NODE_ENV === 'development' ? undefined : path.resolve('lib/server/cache-handler.mjs'),
  // proxy.ts tells a router fetch (the RSC header, the _rsc query) from a page view: it must never
  // be answered with the public page's HTML.
  skipProxyUrlNormalize: true,
  // No experimental.inlineCss: CSS goes out as files (docs/decisions/0004-css-as-files.md).
  // globalNotFound: a path that is no page gets app/global-not-found.tsx, rendered whole on the server.
  // serverSourceMaps: .map files beside the server chunks in the build directory (the standalone
  // output leaves them out), so a CPU profile of an instance (scripts/bench/profile.mjs) names our
  // modules and the packages bundled into them; serving is the same code.
  experimental: { globalNotFound: true, serverSourceMaps: true },
  // Local data, other builds and test output are never part of the server bundle.
  outputFileTracingExcludes: { '*': ['.data/**', otherBuilds, 'test-results/**', 'playwright-report/**', 'e2e/**'] },
  // The footer's version is read from CHANGELOG.md at start (lib/server/app-version.ts).
  // The PDF's font is read at run time by path (lib/documents/pdf.ts).
  outputFileTracingIncludes: { '*': ['./CHANGELOG.md', './node_modules/dejavu-fonts-ttf/package.json', './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans.ttf', './node_modules/dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf'] },
  // An anonymous view of a public page goes straight to the page everyone shares, without proxy.ts
  // (lib/pages/shared-view.ts). Before the file system, so the page routes never see it.
  async rewrites() {
    return { beforeFiles: sharedViewRewrites(), afterFiles: [], fallback: [] };
  },
  async headers() {
    return [
      { source: '/:path*', headers: staticSecurityHeaders(process.env.NODE_ENV === 'production') },
      // proxy.ts and app/api/page set the policy of pages; a path with a dot never reaches them
      // (files, robots.txt, a 404 for /x.html), so it gets the strict policy with no inline script at all.
      {
        source: '/:path(.*\\..*)',
        headers: [{ key: 'Content-Security-Policy', value: contentSecurityPolicy({ hashes: [] }, process.env.NODE_ENV === 'development') }],
      },
    ];
  },
};

export default withNextIntl(nextConfig);
