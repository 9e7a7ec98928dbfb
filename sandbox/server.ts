import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { getRequestListener, type HttpBindings } from '@hono/node-server';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import busboy from 'busboy';
import { Hono, type Context as HonoContext } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { apiCalls, findApiCall, isDescribedPath, type ApiCallName } from '@/lib/api/calls';
import type { Envelope } from '@/lib/api/types';
import { SNIFF_BYTES, sniffFileType, type UploadType } from '@/lib/domain/uploads';
import { validate, ValidationError } from '@/sandbox/validator';
import { monthlyFee, productById } from '@/sandbox/catalog';
import type { Context } from '@/sandbox/context';
import { SandboxError, texts } from '@/sandbox/errors';
import { seedFixtures, SETTING_CAMPAIGN_END_DATE } from '@/sandbox/fixtures';
import { handlers, type CallAnswer, type CallInput, type Handler, type Upload, type UploadedFile } from '@/sandbox/handlers';
import { handleHook, type Refusal } from '@/sandbox/hooks';
import { textPdf } from '@/sandbox/pdf';
import { ADDRESS_ID_FIELDS, callSchemas, INTEGER_FIELDS, subscriptionDocsFieldsSchema } from '@/sandbox/schemas';
import { RESEND_INTERVAL_MS } from '@/sandbox/codes';
import { CONTENT_TYPES, STORED_FILE_NAME, Store, type CustomerRow } from '@/sandbox/store';

export interface SandboxOptions {
  /** TCP port; 0 (the default) picks a free one. `npm run sandbox` uses 41900. */
  port?: number;
  host?: string;
  dbPath: string;
  filesDir: string;
  serviceToken: string;
  serviceTokenHeader: string;
  /** Welcome campaign end date (YYYY-MM-DD); overrides the stored one at start and on reset. */
  campaignEndDate?: string;
  /** Origin used in file URLs; defaults to the address the sandbox listens on. */
  publicUrl?: string;
  /** Least time between two codes to one target; defaults to the 60 s of
   * docs/decisions/0011-embedded-sandbox-upstream.md. */
  resendIntervalMs?: number;
  log?: (line: string) => void;
  /** One line per request with the request id and traceparent it came with, as a provider's access log has (SANDBOX_LOG_REQUESTS=1). */
  logRequests?: boolean;
}

export interface Sandbox {
  url: string;
  close(): Promise<void>;
}

export const MAX_JSON_BYTES = 64 * 1024;
export const MAX_FILE_BYTES = 4_000_000;

type Json = Record<string, unknown>;

function json(status: number, payload: Envelope, headers: Record<string, string> = {}): Response {
  const body = JSON.stringify(payload);
  // Content-Length set here, not by the server from the body, so that a HEAD answer keeps it.
  return new Response(body, { status, headers: { 'Content-Type': 'application/json; charset=utf-8', 'Content-Length': String(Buffer.byteLength(body)), 'Cache-Control': 'no-store', ...headers } });
}

function errorAnswer(error: unknown, log: (line: string) => void): Response {
  if (error instanceof SandboxError) return json(error.httpStatus, { status: false, message: error.message, ...(error.details && { details: error.details }) }, error.headers);
  if (error instanceof ValidationError) return json(400, { status: false, message: error.message, details: { code: error.code, field: error.field ?? null } });
  log(`[sandbox] error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
  return json(500, { status: false, message: texts.generic });
}

type HttpContext = HonoContext<{ Bindings: HttpBindings }>;

/** A body of up to MAX_JSON_BYTES as a JSON object; a longer one is refused with 413. */
const limitBody = bodyLimit({
  maxSize: MAX_JSON_BYTES,
  onError: () => {
    throw new SandboxError(413, texts.tooLarge);
  },
});
async function readJson(c: HttpContext): Promise<Json> {
  let raw = Buffer.alloc(0);
  const read = async () => {
    raw = Buffer.from(await c.req.arrayBuffer());
  };
  // bodyLimit reads the body as a web stream, four times slower than Hono's own read of a body of stated length.
  const length = c.req.header('content-length');
  if (length === undefined) await limitBody(c, read);
  else if (Number(length) > MAX_JSON_BYTES) throw new SandboxError(413, texts.tooLarge);
  else await read();
  return parseJson(raw);
}

function parseJson(raw: Buffer): Json {
  if (raw.length === 0) return {};
  let value: unknown;
  try {
    value = JSON.parse(raw.toString('utf8'));
  } catch {
    throw new SandboxError(400, texts.badJson, { reason: 'bad_json' });
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) throw new SandboxError(400, texts.badJson, { reason: 'bad_json' });
  return value as Json;
}

/** The extension a file is stored under, by its type as its first bytes tell it (the same check as the site's, lib/domain/uploads.ts). */
const EXTENSIONS = { 'application/pdf': 'pdf', 'image/png': 'png', 'image/jpeg': 'jpg' } as const satisfies Record<UploadType, UploadedFile['extension']>;

function readMultipart(req: IncomingMessage, spec: { fields: readonly string[]; files: readonly string[] }): Promise<Upload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: {
          // busboy flags a file that reaches its limit, so one byte more lets exactly 4,000,000 through.
          fileSize: MAX_FILE_BYTES + 1,
          files: spec.files.length,
          fields: spec.fields.length,
          fieldSize: 1024,
          fieldNameSize: 100,
        },
      });
    } catch {
      req.resume();
      reject(new SandboxError(400, 'Dosyalar multipart/form-data biçiminde gönderilmelidir.'));
      return;
    }
    const upload: Upload = { files: {}, fields: {} };
    let failure: SandboxError | undefined;
    let openStreams = 0;
    let closed = false;
    const fail = (error: SandboxError) => {
      failure ??= error;
    };
    const settle = () => {
      if (!closed || openStreams > 0) return;
      if (failure) reject(failure);
      else resolve(upload);
    };
    const unexpected = (name: string) => new SandboxError(400, `Beklenmeyen alan: ${name}.`, { field: name });

    parser.on('file', (name, stream) => {
      if (!spec.files.includes(name) || name in upload.files) {
        fail(unexpected(name));
        stream.resume();
        return;
      }
      openStreams += 1;
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () =>
        fail(new SandboxError(413, 'Yüklediğiniz dosya, maksimum boyutun üstünde.', { field: name, max_bytes: MAX_FILE_BYTES })),
      );
      stream.on('close', () => {
        openStreams -= 1;
        if (!stream.truncated) {
          const content = Buffer.concat(chunks);
          const type = sniffFileType(content.subarray(0, SNIFF_BYTES));
          if (type) upload.files[name] = { content, extension: EXTENSIONS[type] };
          else fail(new SandboxError(400, 'Yüklediğiniz dosya uygun değil.', { field: name }));
        }
        settle();
      });
    });
    parser.on('field', (name, value, info) => {
      if (!spec.fields.includes(name) || name in upload.fields) fail(unexpected(name));
      else if (info.valueTruncated) fail(new SandboxError(400, `${name} alanı çok uzun.`, { field: name }));
      else upload.fields[name] = value;
    });
    parser.on('filesLimit', () => fail(new SandboxError(400, `Maksimum ${spec.files.length} adet dosya yükleyebilirsiniz.`)));
    parser.on('fieldsLimit', () => fail(new SandboxError(400, 'Beklenmeyen alanlar gönderildi.')));
    parser.on('error', () => {
      req.unpipe(parser);
      req.resume();
      reject(new SandboxError(400, 'Yüklenen dosyalar okunamadı.'));
    });
    parser.on('close', () => {
      closed = true;
      settle();
    });
    req.pipe(parser);
  });
}

function tokensEqual(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/** Numbers in address-id fields become strings, so one string rule validates both forms. */
function normaliseAddressIds(body: Json): Json {
  const copy: Json = { ...body };
  for (const key of Object.keys(copy)) {
    if (ADDRESS_ID_FIELDS.has(key) && typeof copy[key] === 'number') copy[key] = String(copy[key]);
  }
  return copy;
}

function checkIntegers(body: Json, name: keyof typeof callSchemas): void {
  for (const field of INTEGER_FIELDS) {
    const value = body[field];
    if (typeof value === 'number' && !Number.isInteger(value)) {
      throw new ValidationError('016', field, {}, callSchemas[name][field]?.label ?? field);
    }
  }
}

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const log = options.log ?? ((line: string) => console.log(line));
  const store = new Store(options.dbPath, options.filesDir);
  let clockOffsetMs = 0;
  let slowMs = 0;
  /** The delay comes after the call took effect: a call that files, then answers late. */
  let slowAfterEffect = false;
  let failing = new Set<ApiCallName>();
  let dropping = new Set<ApiCallName>();
  let refusing = new Map<ApiCallName, Refusal>();
  let origin = options.publicUrl?.replace(/\/+$/, '') ?? '';

  const ctx: Context = {
    store,
    now: () => Date.now() + clockOffsetMs,
    get origin() {
      return origin;
    },
    log,
    resendIntervalMs: options.resendIntervalMs ?? RESEND_INTERVAL_MS,
  };

  const seed = () => seedFixtures(store, { nowMs: ctx.now(), ...(options.campaignEndDate && { campaignEndDate: options.campaignEndDate }) });
  if (store.isEmpty()) seed();
  if (options.campaignEndDate) store.setSetting(SETTING_CAMPAIGN_END_DATE, options.campaignEndDate);

  const controls = {
    reset() {
      clockOffsetMs = 0;
      slowMs = 0;
      slowAfterEffect = false;
      failing = new Set();
      dropping = new Set();
      refusing = new Map();
      store.wipe();
      seed();
    },
    advanceClock(seconds: number) {
      clockOffsetMs += seconds * 1000;
    },
    clockOffsetSeconds: () => clockOffsetMs / 1000,
    setSlow(ms: number, afterEffect = false) {
      slowMs = ms;
      slowAfterEffect = afterEffect;
    },
    setFailing(calls: ApiCallName[]) {
      failing = new Set(calls);
    },
    setDropping(calls: ApiCallName[]) {
      dropping = new Set(calls);
    },
    refuseNext(call: ApiCallName, refusal: Refusal) {
      refusing.set(call, refusal);
    },
  };

  const tokenHeader = options.serviceTokenHeader.toLowerCase();

  async function handleCall(c: HttpContext, name: ApiCallName): Promise<Response> {
    const call = apiCalls[name];
    let customer: CustomerRow | undefined;
    if (call.auth) {
      const match = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '');
      customer = match ? store.customerByToken(match[1]!, ctx.now()) : undefined;
      if (!customer) throw new SandboxError(401, texts.badUserToken);
    }
    let body: Json | undefined;
    let upload: Upload | undefined;
    if ('multipart' in call) {
      upload = await readMultipart(c.env.incoming, call.multipart);
      if (name === 'uploadSubscriptionDocs') validate(subscriptionDocsFieldsSchema, upload.fields);
    } else if (name in callSchemas) {
      const schemaName = name as keyof typeof callSchemas;
      body = normaliseAddressIds(await readJson(c));
      validate(callSchemas[schemaName], body);
      checkIntegers(body, schemaName);
    }
    const handler = handlers[name] as Handler<ApiCallName>;
    const input = { body, customer, upload } as CallInput<ApiCallName>;
    const answer: CallAnswer = handler(ctx, input);
    return json(200, { status: true, ...answer });
  }

  async function serveFile(name: string, headOnly: boolean): Promise<Response> {
    let content: Buffer | undefined;
    let type = 'application/pdf';
    let match: RegExpExecArray | null;
    if (STORED_FILE_NAME.test(name)) {
      content = await readFile(path.join(options.filesDir, name)).catch(() => undefined);
      type = CONTENT_TYPES[name.split('.').pop()!] ?? 'application/octet-stream';
    } else if ((match = /^(signed-)?contract-([0-9a-f]{32})\.pdf$/.exec(name))) {
      const row = store.db.prepare('SELECT id FROM subscriptions WHERE doc_key = ?').get(match[2]) as { id: number } | undefined;
      const subscription = row && store.subscriptionById(row.id);
      const signed = match[1] !== undefined;
      if (subscription && (!signed || [3, 4, 5, 200].includes(subscription.status))) {
        const customer = store.customerById(subscription.customer_id)!;
        const view = store.subscription(subscription, customer, origin);
        const address = view.data.address;
        content = textPdf(signed ? 'Imzali Abonelik Sozlesmesi' : 'Abonelik Sozlesmesi', [
          `Abonelik no: ${subscription.id}`,
          `Abone: ${customer.name} ${customer.surname} (TC ${customer.nationality_number.slice(0, 3)}******${customer.nationality_number.slice(-2)})`,
          `Adres: ${address.neighborhood.text}, ${address.street.text} ${address.building.text} ${address.floor.text}`,
          `        ${address.district.text} / ${address.province.text}`,
          `Tarife: ${view.data.product.name}, aylik ${view.data.product.total_price} TL`,
          `Basvuru tipi: ${subscription.reference_type === 1 ? 'Yeni abonelik' : 'Transfer'}`,
          signed ? 'Bu sozlesme e-Devlet uzerinden onaylanmistir.' : 'Sozlesme e-Devlet onayi ile yururluge girer.',
        ]);
      }
    } else if ((match = /^tariff-(\d{1,6})\.pdf$/.exec(name))) {
      const product = productById(Number(match[1]));
      if (product) {
        content = textPdf(`Tarife Bilgileri: ${product.name}`, [
          `Hiz: ${product.speed} Mbps'e kadar`,
          `Aylik ucret: ${monthlyFee(product)} TL${product.discount_price === null ? '' : ` (liste fiyati ${product.price} TL)`}`,
          `Altyapi: ${product.connection_type === 1 ? 'Fiber' : 'VDSL'}`,
          ...product.setup_prices.map((option) =>
            option.payment_type === 'installment'
              ? `Kurulum: ${option.installment_count} X ${option.price} TL (toplam ${option.total_price} TL)`
              : `Kurulum: ${option.name} ${option.price} TL`,
          ),
          '12 ay taahhut; erken cayma halinde kampanyasiz fiyat ile aradaki fark tahsil edilir.',
        ]);
      }
    }
    if (!content) return json(404, { status: false, message: 'Dosya bulunamadı.' });
    const headers = { 'Content-Type': type, 'Content-Length': String(content.length), 'Content-Disposition': 'inline', 'X-Content-Type-Options': 'nosniff', 'Cache-Control': 'private, no-store' };
    return new Response(headOnly ? null : new Uint8Array(content), { headers });
  }

  // Paths as they came, not decoded: `/files/tariff-%31.pdf` names no file.
  const pathOf = (c: HttpContext) => new URL(c.req.url).pathname;
  const app = new Hono<{ Bindings: HttpBindings }>();
  app.onError((error) => errorAnswer(error, log));
  app.notFound(() => json(404, { status: false, message: texts.notFound }));

  app.all('/files/*', (c) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') return json(405, { status: false, message: texts.methodNotAllowed }, { Allow: 'GET, HEAD' });
    return serveFile(pathOf(c).slice('/files/'.length), c.req.method === 'HEAD');
  });

  const checkServiceToken = async (c: HttpContext, next: () => Promise<void>) => {
    const given = c.req.header(tokenHeader);
    if (given === undefined || !tokensEqual(given, options.serviceToken)) throw new SandboxError(401, texts.badServiceToken);
    await next();
  };
  app.use('/v1', checkServiceToken).use('/v1/*', checkServiceToken).use('/__sandbox/*', checkServiceToken);

  app.all('/__sandbox/*', async (c) => {
    const parsed = c.req.method === 'POST' ? await readJson(c) : {};
    const answer = handleHook(ctx, controls, { method: c.req.method, path: pathOf(c), query: new URL(c.req.url).searchParams, body: () => parsed });
    if (!answer) throw new SandboxError(404, texts.notFound);
    return json(200, { status: true, ...answer });
  });

  app.all('/v1/*', async (c) => {
    const callPath = pathOf(c).slice('/v1'.length);
    const name = findApiCall(c.req.method, callPath);
    if (!name) {
      if (isDescribedPath(callPath)) {
        const allowed = Object.values(apiCalls).filter((call) => call.path === callPath).map((call) => call.method);
        throw new SandboxError(405, texts.methodNotAllowed, undefined, { Allow: allowed.join(', ') });
      }
      throw new SandboxError(404, texts.notFound);
    }
    // The delay as it was when the call came (a test may take it off while the call runs).
    const delayMs = slowMs;
    const afterEffect = slowAfterEffect;
    const wait = () => new Promise((resolve) => setTimeout(resolve, delayMs));
    if (delayMs > 0 && !afterEffect) await wait();
    // An outage of this call, asked for by a test (POST /__sandbox/fail).
    if (failing.has(name)) throw new SandboxError(503, texts.generic);
    // Refused as a test asked (POST /__sandbox/refuse), once, before anything takes effect.
    const refusal = refusing.get(name);
    if (refusal) {
      refusing.delete(name);
      if (refusal.envelope === false) {
        // Streamed, so it goes out chunked as a proxy's page does.
        const page = new Blob([`<html><body><h1>${refusal.status}</h1><p>${refusal.message ?? ''}</p></body></html>`]).stream();
        return new Response(page, { status: refusal.status, headers: { 'Content-Type': 'text/html; charset=utf-8' } });
      }
      const details = refusal.registered_user ? { registered_user: true } : undefined;
      return json(refusal.status, { status: false, ...(refusal.message !== undefined && { message: refusal.message }), ...(details && { details }) });
    }
    const answer = await handleCall(c, name).catch((error: unknown) => errorAnswer(error, log));
    // Done, but the answer never leaves: the connection is reset instead, once (POST /__sandbox/drop).
    if (dropping.delete(name)) {
      c.env.incoming.socket.destroy();
      return RESPONSE_ALREADY_SENT;
    }
    // Done at once, answered late: the answer is held back, not the work.
    if (delayMs > 0 && afterEffect) await wait();
    return answer;
  });

  const listener = getRequestListener(app.fetch);
  const server = createServer((req, res) => {
    if (options.logRequests) {
      res.once('finish', () => {
        const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : '-');
        log(`[sandbox] ${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode} request_id=${header('x-request-id')} traceparent=${header('traceparent')}`);
      });
    }
    void listener(req, res);
  });
  server.keepAliveTimeout = 5_000;

  const host = options.host ?? '127.0.0.1';
  try {
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(options.port ?? 0, host, () => {
        server.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    store.close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  const originHost = host === '0.0.0.0' || host === '::' ? '127.0.0.1' : host.includes(':') ? `[${host}]` : host;
  const url = `http://${originHost}:${port}`;
  if (!origin) origin = url;

  let closing: Promise<void> | undefined;
  return {
    url,
    close() {
      closing ??= new Promise<void>((resolve) => {
        server.close(() => {
          store.close();
          resolve();
        });
        server.closeAllConnections();
      });
      return closing;
    },
  };
}
