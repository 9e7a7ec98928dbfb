import 'server-only';
import { traceHeaders } from '@/lib/observability/request-id';
import { fillCustomerPage } from '@/lib/pages/customer-page';
import { inlineScriptHashes, ownRenderToken, publicPagePath } from '@/lib/pages/public-page';
import { ownUrl, pageResponse, publicPage } from '@/lib/pages/public-page-cache';
import { RENDER_AS_HEADER, RENDER_HEADER } from '@/lib/pages/shared-view';
import { getConfig } from '@/lib/server/config';
import { resolveUser, sessionToken, sessionUser } from '@/lib/session/session';

/** Never kept by anyone: it names the customer. */
const PRIVATE = 'private, no-store';

/**
 * A view of a public page by a visitor with a session cookie (proxy.ts rewrites it to
 * app/api/customer-page; `segments` are the page's path). The session is checked as every render
 * checks it (its token asked upstream); a customer gets the customers' template filled in with who
 * they are (lib/pages/customer-page.ts), about a fifth of a render's CPU. A cookie that names nobody (revoked, refused, or not checkable while the upstream is down)
 * gets the public page, which is what a render for them shows on a first view.
 */
export async function customerPageResponse(request: Request, segments: string[]): Promise<Response> {
  const path = publicPagePath(`/${segments.join('/')}`);
  if (!path) return new Response(null, { status: 404 });
  const check = await resolveUser(await sessionToken());
  if (check.state === 'user') {
    const template = await publicPage(path, 'customer');
    const html = template?.kept ? fillCustomerPage(template.page.html, sessionUser(check.user)) : undefined;
    if (html) return pageResponse(request, { status: 200, html, scriptHashes: inlineScriptHashes(html) }, PRIVATE);
    return renderForVisitor(request, path);
  }
  const rendered = await publicPage(path);
  if (!rendered) return new Response(null, { status: 503, headers: { 'Retry-After': '5', 'Cache-Control': 'no-store' } });
  return pageResponse(request, rendered.page, PRIVATE);
}


/** Headers of a hop, which belong to the connection they came on. */
const HOP_HEADERS = ['connection', 'keep-alive', 'transfer-encoding', 'content-length', 'content-encoding'];

/**
 * The page rendered for this visitor alone, as before the template (proxy.ts renders it under a
 * nonce): what a customer gets when the template cannot be filled in for them.
 */
async function renderForVisitor(request: Request, path: string): Promise<Response> {
  const answer = await fetch(ownUrl(path), {
    method: request.method,
    headers: {
      [RENDER_HEADER]: ownRenderToken(),
      [RENDER_AS_HEADER]: 'visitor',
      accept: 'text/html',
      'accept-encoding': 'identity',
      cookie: request.headers.get('cookie') ?? '',
      ...traceHeaders(),
    },
    redirect: 'manual',
    cache: 'no-store',
    signal: AbortSignal.timeout(getConfig().apiTimeoutMs * 2),
  });
  const headers = new Headers(answer.headers);
  // Next.js's own routing headers (next-intl's rewrite to the locale) are not a route handler's to send.
  for (const name of [...headers.keys()]) if (HOP_HEADERS.includes(name) || name.startsWith('x-middleware-')) headers.delete(name);
  return new Response(answer.body, { status: answer.status, headers });
}
