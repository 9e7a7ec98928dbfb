import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

/** Bad input never breaks a handler; upstream words and details pass only as our own; image metadata goes. */
let body: typeof import('@/lib/bff/body');
let csrf: typeof import('@/lib/bff/csrf');
let text: typeof import('@/lib/bff/upstream-text');
let responses: typeof import('@/lib/bff/responses');

beforeAll(async () => {
  Object.assign(process.env, { SESSION_SECRET: 'h'.repeat(40), LOG_LEVEL: 'silent' });
  body = await import('@/lib/bff/body');
  csrf = await import('@/lib/bff/csrf');
  text = await import('@/lib/bff/upstream-text');
  responses = await import('@/lib/bff/responses');
});

const segment = (marker: number, payload: Buffer) => Buffer.concat([Buffer.from([0xff, marker, (payload.length + 2) >> 8, (payload.length + 2) & 0xff]), payload]);

/** A JPEG whose APP1 carries EXIF with a GPS position and whose second APP1 carries XMP. */
function jpegWithGps(): { file: Buffer; kept: Buffer[] } {
  const jfif = segment(0xe0, Buffer.from('JFIF\0\x01\x01\0\0\x01\0\x01\0\0', 'latin1'));
  const exif = segment(0xe1, Buffer.concat([Buffer.from('Exif\0\0MM\0*\0\0\0\x08', 'latin1'), Buffer.from('GPSLatitude 41.0082 N GPSLongitude 28.9784 E')]));
  const xmp = segment(0xe1, Buffer.from('http://ns.adobe.com/xap/1.0/\0<x:xmpmeta>exif:GPSLatitude="41,0.49N"</x:xmpmeta>', 'latin1'));
  const quant = segment(0xdb, Buffer.alloc(65, 1));
  const scan = Buffer.concat([segment(0xda, Buffer.from([1, 1, 0, 0, 0x3f, 0])), Buffer.from([0x12, 0x34, 0xff, 0x00, 0x56])]);
  const file = Buffer.concat([Buffer.from([0xff, 0xd8]), jfif, exif, xmp, quant, scan, Buffer.from([0xff, 0xd9])]);
  return { file, kept: [jfif, quant, scan] };
}

function pngChunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  return Buffer.concat([length, Buffer.from(type, 'latin1'), data, Buffer.alloc(4, 7)]);
}

function upload(files: Record<string, Buffer>) {
  const form = new FormData();
  for (const [name, data] of Object.entries(files)) form.append(name, new Blob([new Uint8Array(data)]), `${name}.bin`);
  return new Request('http://site.test/api/v1/customers/upload-nationality-docs', { method: 'POST', body: form });
}

const spec = { fields: [], files: ['front-nationality-license', 'back-nationality-license'] } as const;
const joined = (file: { chunks: Buffer[] }) => Buffer.concat(file.chunks);

describe('image metadata is removed before forwarding', () => {
  it('drops EXIF (with GPS) and XMP from a JPEG and keeps every other byte', async () => {
    const { file, kept } = jpegWithGps();
    const parts = await body.readMultipartBody(upload({ 'front-nationality-license': file, 'back-nationality-license': file }), spec);
    const front = joined(parts.files['front-nationality-license']!);
    expect(front.includes(Buffer.from('GPSLatitude'))).toBe(false);
    expect(front.includes(Buffer.from('Exif\0\0', 'latin1'))).toBe(false);
    expect(front).toEqual(Buffer.concat([Buffer.from([0xff, 0xd8]), ...kept, Buffer.from([0xff, 0xd9])]));
    expect(parts.files['front-nationality-license']!.size).toBe(front.length);
    expect(parts.files['front-nationality-license']!.type).toBe('image/jpeg');
  });

  it('drops text, time and eXIf chunks from a PNG', async () => {
    const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    const header = pngChunk('IHDR', Buffer.alloc(13, 1));
    const data = pngChunk('IDAT', Buffer.alloc(40, 2));
    const end = pngChunk('IEND', Buffer.alloc(0));
    const file = Buffer.concat([signature, header, pngChunk('tEXt', Buffer.from('Location\0Kadikoy 40.99,29.02')), pngChunk('eXIf', Buffer.from('MM\0*GPS')), data, end]);
    const parts = await body.readMultipartBody(upload({ 'front-nationality-license': file, 'back-nationality-license': file }), spec);
    expect(joined(parts.files['back-nationality-license']!)).toEqual(Buffer.concat([signature, header, data, end]));
  });

  it('leaves a PDF as it came', async () => {
    const pdf = Buffer.from('%PDF-1.4\n\xff\xe1\0\x10Exif\0\0 not an image segment\n%%EOF', 'latin1');
    const parts = await body.readMultipartBody(upload({ 'front-nationality-license': pdf, 'back-nationality-license': pdf }), spec);
    expect(joined(parts.files['front-nationality-license']!)).toEqual(pdf);
  });
});

describe('no 500 for bad input', () => {
  it('a multipart body without a boundary is a 400, not a crash', async () => {
    const request = new Request('http://site.test/x', { method: 'POST', body: 'x', headers: { 'Content-Type': 'multipart/form-data' } });
    await expect(body.readMultipartBody(request, spec)).rejects.toMatchObject({ status: 400, reason: 'invalidRequest' });
  });

  it('a malformed XSRF cookie is refused, not thrown', () => {
    const request = new Request('http://site.test/x', {
      method: 'POST',
      headers: { cookie: 'XSRF-TOKEN=%E0%A4%A', 'X-XSRF-TOKEN': 'abc', 'Sec-Fetch-Site': 'same-origin' },
    });
    expect(csrf.isTrustedStateChange(request)).toBe(false);
    expect(csrf.readCookie(request, 'XSRF-TOKEN')).toBe('%E0%A4%A');
  });
});

describe('upstream texts reach the browser only as catalogue texts', () => {
  it('answers a known message in the page’s language, with its numbers', () => {
    expect(text.catalogueText('Hizmet numarası bulunamadı.', 'tr')).toBe('Hizmet numarası bulunamadı.');
    expect(text.catalogueText('Hizmet numarası bulunamadı.', 'en')).toBe('Service number not found.');
    expect(text.catalogueText('Yeni bir kod istemeden önce lütfen 42 saniye bekleyin.', 'en')).toBe('Please wait 42 seconds before asking for a new code.');
    expect(text.catalogueText('Yeni bir kod istemeden önce lütfen 1 saniye bekleyin.', 'en')).toBe('Please wait 1 second before asking for a new code.');
  });

  it('drops anything else', () => {
    expect(text.catalogueText('SQLSTATE[23000]: duplicate key customers_tc_idx', 'tr')).toBeUndefined();
    expect(text.catalogueText('<img src=x onerror=alert(1)>', 'tr')).toBeUndefined();
    expect(text.catalogueText('Yeni bir kod istemeden önce lütfen <b>42</b> saniye bekleyin.', 'tr')).toBeUndefined();
    expect(text.catalogueText(42, 'tr')).toBeUndefined();
  });

  it('keeps only the details the pages act on, each in its form', () => {
    expect(text.safeDetails({ registered_user: true, field: 'nationality_number', stack: 'at db.js:1', customer_id: 7 })).toEqual({ registered_user: true, field: 'nationality_number' });
    expect(text.safeDetails({ retry_after: 30, tries_left: 2, code: '016', reason: 'wrong_code' })).toEqual({ retry_after: 30, tries_left: 2, code: '016', reason: 'wrong_code' });
    expect(text.safeDetails({ registered_user: 'yes', field: 'a b', retry_after: -1, code: 'x' })).toBeUndefined();
    expect(text.safeDetails('details')).toBeUndefined();
  });
});

describe('a 429 names its wait', () => {
  it('in seconds, minutes or hours, in Turkish and English, with Retry-After', async () => {
    expect(responses.tooManyText('tr', 45)).toBe('Çok fazla deneme yaptınız. Lütfen 45 saniye sonra tekrar deneyin.');
    expect(responses.tooManyText('tr', 1800)).toBe('Çok fazla deneme yaptınız. Lütfen 30 dakika sonra tekrar deneyin.');
    expect(responses.tooManyText('en', 20_000)).toBe('Too many attempts. Please try again in 6 hours.');
    const response = responses.tooManyResponse('tr', 90);
    expect(response.status).toBe(429);
    expect(response.headers.get('Retry-After')).toBe('90');
  });
});

describe('the limits when Redis is unreachable', () => {
  let closed: net.Server;
  let port: number;
  beforeAll(async () => {
    closed = net.createServer((socket) => socket.destroy());
    await new Promise<void>((resolve) => closed.listen(0, '127.0.0.1', resolve));
    port = (closed.address() as net.AddressInfo).port;
  });
  afterAll(() => new Promise<void>((resolve) => closed.close(() => resolve())));

  it('fall back to this instance’s memory, never to unlimited, and say so once', async () => {
    vi.resetModules();
    Object.assign(process.env, { REDIS_URL: `redis://127.0.0.1:${port}`, RATE_LIMIT_CONTACT_PER_IP: '3' });
    const warnings: string[] = [];
    const logger = await import('@/lib/server/logger');
    const log = logger.getLogger();
    vi.spyOn(log, 'warn').mockImplementation(((...args: unknown[]) => {
      warnings.push(String(args.at(-1)));
    }) as never);
    const { charge, resetRateLimitsForTests } = await import('@/lib/bff/rate-limit');
    try {
      const answers = [];
      for (let i = 0; i < 6; i++) answers.push(await charge([{ budget: 'contactIp', key: 'one-address' }]));
      expect(answers.map((wait) => wait === null)).toEqual([true, true, true, false, false, false]);
      expect(warnings.filter((line) => line.includes('Redis unreachable'))).toHaveLength(1);
    } finally {
      resetRateLimitsForTests();
      delete process.env.REDIS_URL;
      delete process.env.RATE_LIMIT_CONTACT_PER_IP;
      vi.resetModules();
    }
  });
});
