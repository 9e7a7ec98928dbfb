import { describe, expect, it } from 'vitest';
import { BodyError, encodeMultipart, JSON_BODY_LIMIT, readJsonBody, readMultipartBody, type UploadedFile } from '@/lib/bff/body';
import { UPLOAD_MAX_BYTES } from '@/lib/domain/uploads';

const PDF = Buffer.from('%PDF-1.4\n% sample\n');
/** A 1×1 PNG. */
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==', 'base64');
const TEXT = Buffer.from('just some text, not a document');

function jsonRequest(body: BodyInit | null, headers: Record<string, string> = {}) {
  const init = { method: 'POST', body, headers: { 'Content-Type': 'application/json', ...headers }, duplex: 'half' };
  return new Request('http://site.test/api/v1/x', init as RequestInit);
}

/** A body that arrives in chunks, without a Content-Length, as a chunked upload does. */
function streamed(chunks: Uint8Array[]): ReadableStream<Uint8Array> {
  return new ReadableStream({
    pull(controller) {
      const next = chunks.shift();
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
}

async function refusal(promise: Promise<unknown>): Promise<{ status: number; reason: string }> {
  const error = await promise.then(
    () => undefined,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(BodyError);
  const { status, reason, message } = error as BodyError;
  expect(message).toBe(reason);
  return { status, reason };
}

describe('readJsonBody', () => {
  it('answers the parsed JSON body', async () => {
    expect(await readJsonBody(jsonRequest(JSON.stringify({ a: 1, ş: 'ğ' })))).toEqual({ a: 1, ş: 'ğ' });
    expect(await readJsonBody(jsonRequest(streamed([Buffer.from('{"a":'), Buffer.from('[1,2]}')]), {}))).toEqual({ a: [1, 2] });
  });

  it('refuses a missing or malformed body with 400', async () => {
    expect(await refusal(readJsonBody(jsonRequest(null)))).toEqual({ status: 400, reason: 'invalidRequest' });
    expect(await refusal(readJsonBody(jsonRequest('{"a":')))).toEqual({ status: 400, reason: 'invalidRequest' });
    expect(await refusal(readJsonBody(jsonRequest('')))).toEqual({ status: 400, reason: 'invalidRequest' });
  });

  it('takes at most 64 KiB', async () => {
    expect(JSON_BODY_LIMIT).toBe(65_536);
    const fits = JSON.stringify({ a: 'x'.repeat(JSON_BODY_LIMIT - 8) });
    expect(fits).toHaveLength(JSON_BODY_LIMIT);
    expect(await readJsonBody(jsonRequest(fits))).toEqual({ a: 'x'.repeat(JSON_BODY_LIMIT - 8) });
    const over = JSON.stringify({ a: 'x'.repeat(JSON_BODY_LIMIT - 7) });
    expect(await refusal(readJsonBody(jsonRequest(over)))).toEqual({ status: 413, reason: 'invalidRequest' });
  });

  it('refuses a declared length over the limit before reading anything', async () => {
    const request = jsonRequest('[]', { 'Content-Length': String(JSON_BODY_LIMIT + 1) });
    expect(await refusal(readJsonBody(request))).toEqual({ status: 413, reason: 'invalidRequest' });
    expect(request.bodyUsed).toBe(false);
    expect(await readJsonBody(jsonRequest('[]', { 'Content-Length': String(JSON_BODY_LIMIT) }))).toEqual([]);
  });

  it('stops reading a streamed body once it passes the limit', async () => {
    const chunk = new Uint8Array(16 * 1024).fill(0x20);
    const chunks = Array.from({ length: 10 }, () => chunk);
    expect(await refusal(readJsonBody(jsonRequest(streamed(chunks)), 4 * 16 * 1024))).toEqual({ status: 413, reason: 'invalidRequest' });
    // Four chunks fill the limit exactly, the fifth passes it, and the other five are never read.
    expect(chunks).toHaveLength(5);
  });

  it('takes another limit when told', async () => {
    expect(await readJsonBody(jsonRequest('[1]'), 3)).toEqual([1]);
    expect(await refusal(readJsonBody(jsonRequest('[10]'), 3))).toEqual({ status: 413, reason: 'invalidRequest' });
  });
});

const identitySpec = { fields: [], files: ['front-nationality-license', 'back-nationality-license'] } as const;
const companySpec = { fields: ['subscription_id'], files: ['tax-plate', 'signature-circular'] } as const;

function upload(parts: Array<[name: string, value: Buffer | string, filename?: string]>, headers: Record<string, string> = {}) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), filename ?? `${name}.bin`);
  }
  const request = new Request('http://site.test/api/v1/customers/upload', { method: 'POST', body: form });
  if (!Object.keys(headers).length) return request;
  return new Request(request, { headers: { 'Content-Type': request.headers.get('content-type')!, ...headers }, duplex: 'half' } as RequestInit);
}

const content = (file: UploadedFile | undefined) => Buffer.concat(file?.chunks ?? []);
const bothPdf = (): Array<[string, Buffer]> => [
  ['front-nationality-license', PDF],
  ['back-nationality-license', PDF],
];

describe('readMultipartBody (spec §5 uploads)', () => {
  it('takes the two named files of an identity upload', async () => {
    const parts = await readMultipartBody(upload([['front-nationality-license', PDF, 'on.pdf'], ['back-nationality-license', PNG, 'arka.png']]), identitySpec);
    expect(parts.fields).toEqual({});
    expect(Object.keys(parts.files).sort()).toEqual(['back-nationality-license', 'front-nationality-license']);
    const front = parts.files['front-nationality-license']!;
    expect([front.filename, front.type, front.size]).toEqual(['on.pdf', 'application/pdf', PDF.length]);
    expect(content(front)).toEqual(PDF);
    const back = parts.files['back-nationality-license']!;
    expect([back.filename, back.type]).toEqual(['arka.png', 'image/png']);
    expect(back.size).toBe(content(back).length);
  });

  it('§5 uploads: PDF, JPEG or PNG only, by their first bytes', async () => {
    const refused = upload([['front-nationality-license', TEXT, 'front.pdf'], ['back-nationality-license', PDF]]);
    expect(await refusal(readMultipartBody(refused, identitySpec))).toEqual({ status: 415, reason: 'fileType' });
  });

  it('takes the named fields beside the files', async () => {
    const parts = await readMultipartBody(
      upload([['subscription_id', '1003'], ['tax-plate', PDF, 'vergi.pdf'], ['signature-circular', PDF, 'imza.pdf']]),
      companySpec,
    );
    expect(parts.fields).toEqual({ subscription_id: '1003' });
    expect(Object.keys(parts.files).sort()).toEqual(['signature-circular', 'tax-plate']);
    expect(parts.files['tax-plate']).toMatchObject({ filename: 'vergi.pdf', type: 'application/pdf' });
  });

  it('refuses a declared length no two files and a form could fill', async () => {
    const declared = (length: number) => upload(bothPdf(), { 'Content-Length': String(length) });
    const most = 2 * UPLOAD_MAX_BYTES + JSON_BODY_LIMIT;
    expect(await refusal(readMultipartBody(declared(most + 1), identitySpec))).toEqual({ status: 413, reason: 'fileTooLarge' });
    expect(Object.keys((await readMultipartBody(declared(most), identitySpec)).files)).toHaveLength(2);
  });

  it('refuses a body that is not multipart/form-data', async () => {
    const json = new Request('http://site.test/x', { method: 'POST', body: '{}', headers: { 'Content-Type': 'application/json' } });
    expect(await refusal(readMultipartBody(json, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
    const empty = new Request('http://site.test/x', { method: 'POST', headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
    expect(await refusal(readMultipartBody(empty, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
  });

  it('§5 uploads: the send needs both files', async () => {
    expect(await refusal(readMultipartBody(upload([['front-nationality-license', PDF]]), identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
    const withoutField = upload([['tax-plate', PDF], ['signature-circular', PDF]]);
    expect(await refusal(readMultipartBody(withoutField, companySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
    const emptyField = upload([['subscription_id', ''], ['tax-plate', PDF], ['signature-circular', PDF]]);
    expect(await refusal(readMultipartBody(emptyField, companySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
  });

  it('takes only the named parts, each once', async () => {
    const unknownFile = upload([['front-nationality-license', PDF], ['selfie', PDF]]);
    expect(await refusal(readMultipartBody(unknownFile, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
    const twice = upload([['front-nationality-license', PDF], ['front-nationality-license', PDF]]);
    expect(await refusal(readMultipartBody(twice, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
    const unknownField = upload([['note', 'hello'], ...bothPdf()]);
    expect(await refusal(readMultipartBody(unknownField, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
    const fieldTwice = upload([['subscription_id', '1003'], ['subscription_id', '1004'], ['tax-plate', PDF], ['signature-circular', PDF]]);
    expect(await refusal(readMultipartBody(fieldTwice, companySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
  });

  it('refuses more files than the upload takes', async () => {
    const three = upload([['tax-plate', PDF], ['signature-circular', PDF], ['tax-plate', PDF]]);
    expect(await refusal(readMultipartBody(three, companySpec))).toEqual({ status: 413, reason: 'fileCount' });
  });

  it('refuses a body cut off inside a file with 400, leaving no error unhandled', async () => {
    const cut = multipartRequest('--x\r\nContent-Disposition: form-data; name="front-nationality-license"; filename="a.pdf"\r\n\r\n%PDF-1.4 and then nothing');
    expect(await refusal(readMultipartBody(cut, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
  });
});

/** A multipart upload of these file parts (a name may repeat), in pieces of `piece` bytes. */
function multipartPieces(files: Array<[name: string, data: Buffer]>, piece: number): Uint8Array[] {
  const whole = Buffer.concat([
    ...files.flatMap(([name, data]) => [Buffer.from(`--x\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.bin"\r\n\r\n`), data, Buffer.from('\r\n')]),
    Buffer.from('--x--\r\n'),
  ]);
  const pieces: Uint8Array[] = [];
  for (let at = 0; at < whole.length; at += piece) pieces.push(whole.subarray(at, at + piece));
  return pieces;
}

/** An upload with this body, written by hand with the boundary `x`. */
function multipartRequest(body: BodyInit) {
  const init = { method: 'POST', body, headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, duplex: 'half' };
  return new Request('http://site.test/api/v1/customers/upload', init as RequestInit);
}

/** An upload whose body sends these pieces one at a time, as over a slow connection; each leaves the array as it is read. */
const requestOf = (pieces: Uint8Array[]) => multipartRequest(streamed(pieces));

const arriving = (files: Array<[name: string, data: Buffer]>, piece: number) => requestOf(multipartPieces(files, piece));

describe('readMultipartBody as the bytes arrive', () => {
  it('keeps a file that arrives a few bytes at a time whole and in order, its type read from its first 8 bytes', async () => {
    const longer = Buffer.concat([PDF, Buffer.alloc(2_000, 0x41)]);
    const parts = await readMultipartBody(arriving([['front-nationality-license', longer], ['back-nationality-license', PNG]], 5), identitySpec);
    expect(parts.files['front-nationality-license']).toMatchObject({ type: 'application/pdf', size: longer.length });
    expect(content(parts.files['front-nationality-license'])).toEqual(longer);
    expect(parts.files['back-nationality-license']!.type).toBe('image/png');
    expect(content(parts.files['back-nationality-license'])).toEqual(PNG);
  });

  it('refuses a file by its first bytes before its size: a text past 4,000,000 bytes is the wrong type', async () => {
    const text = Buffer.concat([TEXT, Buffer.alloc(UPLOAD_MAX_BYTES, 0x20)]);
    const refused = arriving([['front-nationality-license', text], ['back-nationality-license', PDF]], 65_536);
    expect(await refusal(readMultipartBody(refused, identitySpec))).toEqual({ status: 415, reason: 'fileType' });
  });

  it('takes a file shorter than 8 bytes when its signature fits, and refuses an empty one', async () => {
    const shortest = Buffer.from('%PDF-');
    const parts = await readMultipartBody(arriving([['front-nationality-license', shortest], ['back-nationality-license', PDF]], 1_024), identitySpec);
    expect(content(parts.files['front-nationality-license'])).toEqual(shortest);
    const short = arriving([['front-nationality-license', Buffer.from('%PD')], ['back-nationality-license', PDF]], 1_024);
    expect(await refusal(readMultipartBody(short, identitySpec))).toEqual({ status: 415, reason: 'fileType' });
    const empty = arriving([['front-nationality-license', Buffer.alloc(0)], ['back-nationality-license', PDF]], 1_024);
    expect(await refusal(readMultipartBody(empty, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
  });

  it('never reads a part it does not take: an unknown or repeated file is refused as such, not by its type', async () => {
    const unknown = arriving([['selfie', TEXT], ['front-nationality-license', PDF]], 1_024);
    expect(await refusal(readMultipartBody(unknown, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
    const repeated = arriving([['front-nationality-license', PDF], ['front-nationality-license', TEXT]], 1_024);
    expect(await refusal(readMultipartBody(repeated, identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
  });

  it('refuses a body that breaks off between parts, or whose stream fails, with 400', async () => {
    const cut = multipartRequest('--x\r\nContent-Disposition: form-data; name="subscription_id"\r\n');
    expect(await refusal(readMultipartBody(cut, companySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
    const head = Buffer.from('--x\r\nContent-Disposition: form-data; name="front-nationality-license"; filename="a.pdf"\r\n\r\n%PDF-1.4\n');
    const failing = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(head);
        controller.error(new Error('connection reset'));
      },
    });
    expect(await refusal(readMultipartBody(multipartRequest(failing), identitySpec))).toEqual({ status: 400, reason: 'invalidRequest' });
  });

  // The costly tests last: a mutant that a cheaper test kills never waits for 4 MB (vitest.mutation.config.mjs).
  it('§5 uploads: max 4,000,000 bytes a file', async () => {
    const atLimit = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES - PDF.length, 0x20)]);
    const refused = arriving([['front-nationality-license', Buffer.concat([atLimit, Buffer.from(' ')])], ['back-nationality-license', PDF]], 65_536);
    expect(await refusal(readMultipartBody(refused, identitySpec))).toEqual({ status: 413, reason: 'fileTooLarge' });

    const parts = await readMultipartBody(arriving([['front-nationality-license', atLimit], ['back-nationality-license', PDF]], 65_536), identitySpec);
    expect(parts.files['front-nationality-license']!.size).toBe(UPLOAD_MAX_BYTES);
  });

  it('answers a refusal once the whole body is in, so the client reads it instead of a reset connection', async () => {
    // A megabyte past the limit: the refusal is known long before the body ends.
    const tooLarge = Buffer.concat([PDF, Buffer.alloc(UPLOAD_MAX_BYTES - PDF.length + 1_000_000, 0x20)]);
    const pieces = multipartPieces([['front-nationality-license', tooLarge], ['back-nationality-license', PDF]], 65_536);
    let leftWhenRefused = -1;
    const refused = readMultipartBody(requestOf(pieces), identitySpec).catch((error: unknown) => {
      leftWhenRefused = pieces.length;
      throw error;
    });
    expect(await refusal(refused)).toEqual({ status: 413, reason: 'fileTooLarge' });
    expect(leftWhenRefused).toBe(0);
  });
});

describe('encodeMultipart', () => {
  it('rebuilds the checked parts for the upstream, with the sniffed types and file names', async () => {
    const encoded = encodeMultipart({
      fields: { subscription_id: '1003' },
      files: {
        'tax-plate': { filename: 'vergi.pdf', type: 'application/pdf', chunks: [PDF.subarray(0, 4), PDF.subarray(4)], size: PDF.length },
        'signature-circular': { filename: 'imza.png', type: 'image/png', chunks: [PNG], size: PNG.length },
      },
    });
    const body = Buffer.concat(encoded.pieces);
    expect(encoded.length).toBe(body.length);
    // What the upstream's own multipart parser reads back.
    const form = await new Response(body, { headers: { 'Content-Type': encoded.contentType } }).formData();
    expect([...form.keys()]).toEqual(['subscription_id', 'tax-plate', 'signature-circular']);
    expect(form.get('subscription_id')).toBe('1003');
    const taxPlate = form.get('tax-plate') as File;
    expect([taxPlate.name, taxPlate.type]).toEqual(['vergi.pdf', 'application/pdf']);
    expect(Buffer.from(await taxPlate.arrayBuffer())).toEqual(PDF);
    const circular = form.get('signature-circular') as File;
    expect([circular.name, circular.type]).toEqual(['imza.png', 'image/png']);
    expect(Buffer.from(await circular.arrayBuffer())).toEqual(PNG);
  });
});
