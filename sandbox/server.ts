import { timingSafeEqual } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import busboy from 'busboy';
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

function sendJson(res: ServerResponse, status: number, payload: Envelope, headers: Record<string, string> = {}): void {
  const body = JSON.stringify(payload);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(body),
    'Cache-Control': 'no-store',
    ...headers,
  });
  res.end(body);
}

function sendError(res: ServerResponse, error: unknown, log: (line: string) => void): void {
  if (error instanceof SandboxError) {
    sendJson(res, error.httpStatus, { status: false, message: error.message, ...(error.details && { details: error.details }) }, error.headers);
  } else if (error instanceof ValidationError) {
    sendJson(res, 400, { status: false, message: error.message, details: { code: error.code, field: error.field ?? null } });
  } else {
    log(`[sandbox] error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    sendJson(res, 500, { status: false, message: texts.generic });
  }
}

/** Reads a body up to `limit` bytes; a longer one is drained and refused with 413. */
function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = Number(req.headers['content-length'] ?? 0) > limit;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > limit) tooLarge = true;
      if (!tooLarge) chunks.push(chunk);
    });
    req.on('end', () => (tooLarge ? reject(new SandboxError(413, texts.tooLarge)) : resolve(Buffer.concat(chunks))));
    req.on('error', reject);
  });
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

  async function handleCall(req: IncomingMessage, res: ServerResponse, name: ApiCallName): Promise<void> {
    const call = apiCalls[name];
    let customer: CustomerRow | undefined;
    if (call.auth) {
      const match = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '');
      customer = match ? store.customerByToken(match[1]!, ctx.now()) : undefined;
      if (!customer) throw new SandboxError(401, texts.badUserToken);
    }
    let body: Json | undefined;
    let upload: Upload | undefined;
    if ('multipart' in call) {
      upload = await readMultipart(req, call.multipart);
      if (name === 'uploadSubscriptionDocs') validate(subscriptionDocsFieldsSchema, upload.fields);
    } else if (name in callSchemas) {
      const schemaName = name as keyof typeof callSchemas;
      body = normaliseAddressIds(parseJson(await readBody(req, MAX_JSON_BYTES)));
      validate(callSchemas[schemaName], body);
      checkIntegers(body, schemaName);
    }
    const handler = handlers[name] as Handler<ApiCallName>;
    const input = { body, customer, upload } as CallInput<ApiCallName>;
    const answer: CallAnswer = handler(ctx, input);
    sendJson(res, 200, { status: true, ...answer });
  }

  async function serveFile(res: ServerResponse, name: string, headOnly: boolean): Promise<void> {
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
    if (!content) {
      sendJson(res, 404, { status: false, message: 'Dosya bulunamadı.' });
      return;
    }
    res.writeHead(200, {
      'Content-Type': type,
      'Content-Length': content.length,
      'Content-Disposition': 'inline',
      'X-Content-Type-Options': 'nosniff',
      'Cache-Control': 'private, no-store',
    });
    res.end(headOnly ? undefined : content);
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const url = new URL(req.url ?? '/', 'http://sandbox.invalid');
    const pathname = url.pathname;
    const method = req.method ?? 'GET';

    if (pathname.startsWith('/files/')) {
      if (method !== 'GET' && method !== 'HEAD') {
        sendJson(res, 405, { status: false, message: texts.methodNotAllowed }, { Allow: 'GET, HEAD' });
        return;
      }
      await serveFile(res, pathname.slice('/files/'.length), method === 'HEAD');
      return;
    }

    const isApi = pathname === '/v1' || pathname.startsWith('/v1/');
    const isHook = pathname.startsWith('/__sandbox/');
    if (!isApi && !isHook) {
      sendJson(res, 404, { status: false, message: texts.notFound });
      return;
    }
    const given = req.headers[tokenHeader];
    if (typeof given !== 'string' || !tokensEqual(given, options.serviceToken)) {
      throw new SandboxError(401, texts.badServiceToken);
    }

    if (isHook) {
      let parsed: Json | undefined;
      if (method === 'POST') parsed = parseJson(await readBody(req, MAX_JSON_BYTES));
      const answer = handleHook(ctx, controls, { method, path: pathname, query: url.searchParams, body: () => parsed ?? {} });
      if (!answer) throw new SandboxError(404, texts.notFound);
      sendJson(res, 200, { status: true, ...answer });
      return;
    }

    const callPath = pathname.slice('/v1'.length);
    const name = findApiCall(method, callPath);
    if (!name) {
      if (isDescribedPath(callPath)) {
        const allowed = Object.values(apiCalls).filter((call) => call.path === callPath).map((call) => call.method);
        throw new SandboxError(405, texts.methodNotAllowed, undefined, { Allow: allowed.join(', ') });
      }
      throw new SandboxError(404, texts.notFound);
    }
    // The delay as it was when the call came (a test may take it off while the call runs).
    const delayMs = slowMs;
    if (delayMs > 0 && slowAfterEffect) {
      // Done at once, answered late: the answer is held back, not the work.
      const end = res.end.bind(res) as (...args: unknown[]) => typeof res;
      res.end = ((...args: unknown[]) => {
        setTimeout(() => end(...args), delayMs);
        return res;
      }) as typeof res.end;
    } else if (delayMs > 0) {
      await new Promise((resolve) => setTimeout(resolve, delayMs));
    }
    // An outage of this call, asked for by a test (POST /__sandbox/fail).
    if (failing.has(name)) throw new SandboxError(503, texts.generic);
    // Refused as a test asked (POST /__sandbox/refuse), once, before anything takes effect.
    const refusal = refusing.get(name);
    if (refusal) {
      refusing.delete(name);
      req.resume();
      if (refusal.envelope === false) {
        res.writeHead(refusal.status, { 'Content-Type': 'text/html; charset=utf-8' });
        res.end(`<html><body><h1>${refusal.status}</h1><p>${refusal.message ?? ''}</p></body></html>`);
        return;
      }
      const details = refusal.registered_user ? { registered_user: true } : undefined;
      sendJson(res, refusal.status, { status: false, ...(refusal.message !== undefined && { message: refusal.message }), ...(details && { details }) });
      return;
    }
    // Done, but the answer never leaves: the connection is reset instead, once (POST /__sandbox/drop).
    if (dropping.delete(name)) {
      res.end = (() => {
        res.socket?.destroy();
        return res;
      }) as typeof res.end;
    }
    await handleCall(req, res, name);
  }

  const server = createServer((req, res) => {
    if (options.logRequests) {
      res.once('finish', () => {
        const header = (name: string) => (typeof req.headers[name] === 'string' ? req.headers[name] : '-');
        log(`[sandbox] ${req.method} ${(req.url ?? '').split('?')[0]} ${res.statusCode} request_id=${header('x-request-id')} traceparent=${header('traceparent')}`);
      });
    }
    handle(req, res).catch((error: unknown) => {
      if (res.headersSent) {
        res.destroy();
        return;
      }
      sendError(res, error, log);
    });
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
