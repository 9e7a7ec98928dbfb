import { afterEach, describe, expect, it, vi } from 'vitest';
import { BodyError, encodeMultipart, readMultipartBody } from '@/lib/bff/body';

/**
 * The upload's bounds in time and size (lib/bff/body.ts): the deadline, the slowest rate taken after
 * a grace period, a field's size, and the file names the upstream may show.
 */
const PDF = Buffer.from('%PDF-1.4\n% sample\n');
const identitySpec = { fields: [], files: ['front-nationality-license', 'back-nationality-license'] } as const;
const companySpec = { fields: ['subscription_id'], files: ['tax-plate', 'signature-circular'] } as const;

afterEach(() => vi.useRealTimers());

/** An upload whose bytes the test hands over when it likes; it never ends on its own. */
function trickle() {
  let feed!: ReadableStreamDefaultController<Uint8Array>;
  const body = new ReadableStream<Uint8Array>({ start: (controller) => void (feed = controller) });
  const init = { method: 'POST', body, headers: { 'Content-Type': 'multipart/form-data; boundary=x' }, duplex: 'half' };
  const head = Buffer.from('--x\r\nContent-Disposition: form-data; name="front-nationality-license"; filename="a.pdf"\r\n\r\n%PDF-1.4\n');
  return {
    request: new Request('http://site.test/api/v1/customers/upload', init as RequestInit),
    /** Sends `total` bytes so far, the part's head first. */
    send: (total: number) => feed.enqueue(total <= head.length ? head.subarray(0, total) : Buffer.concat([head, Buffer.alloc(total - head.length, 0x20)])),
  };
}

/** Whether the read has been refused by now, and with what. */
function watch(promise: Promise<unknown>) {
  const state: { error?: BodyError } = {};
  promise.catch((error: BodyError) => (state.error = error));
  return state;
}

describe('the upload deadline', () => {
  it('cuts off a body not in by UPLOAD_DEADLINE, to the check (a quarter of it, at most a second)', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { request, send } = trickle();
    const read = watch(readMultipartBody(request, identitySpec, 600));
    send(1_000);
    await vi.advanceTimersByTimeAsync(599);
    expect(read.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(read.error).toMatchObject({ status: 408, reason: 'uploadTooSlow' });
  });

  it('after 10 seconds, cuts off a body slower than 8 KiB a second on average', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { request, send } = trickle();
    const read = watch(readMultipartBody(request, identitySpec));
    await vi.advanceTimersByTimeAsync(9_000);
    // Nothing yet, but still within its grace.
    expect(read.error).toBeUndefined();
    send(10 * 8 * 1024);
    await vi.advanceTimersByTimeAsync(1_000);
    // Exactly 8 KiB a second over 10 seconds.
    expect(read.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1_000);
    expect(read.error).toMatchObject({ status: 408, reason: 'uploadTooSlow' });
  });

  it('cuts off a silent body once its grace is over', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { request } = trickle();
    const read = watch(readMultipartBody(request, identitySpec));
    await vi.advanceTimersByTimeAsync(9_999);
    expect(read.error).toBeUndefined();
    await vi.advanceTimersByTimeAsync(1);
    expect(read.error).toMatchObject({ status: 408, reason: 'uploadTooSlow' });
  });

  it('stops watching a body once it is read', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const form = new FormData();
    for (const name of identitySpec.files) form.append(name, new Blob([new Uint8Array(PDF)]), 'a.pdf');
    const parts = await readMultipartBody(new Request('http://site.test/x', { method: 'POST', body: form }), identitySpec, 600);
    expect(Object.keys(parts.files)).toHaveLength(2);
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops watching a body once it is refused', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const form = new FormData();
    form.append('front-nationality-license', new Blob(['not a document']), 'a.pdf');
    form.append('back-nationality-license', new Blob([new Uint8Array(PDF)]), 'b.pdf');
    const refused = readMultipartBody(new Request('http://site.test/x', { method: 'POST', body: form }), identitySpec, 600);
    await expect(refused).rejects.toMatchObject({ status: 415, reason: 'fileType' });
    expect(vi.getTimerCount()).toBe(0);
  });
});

function upload(parts: Array<[name: string, value: Buffer | string, filename?: string]>) {
  const form = new FormData();
  for (const [name, value, filename] of parts) {
    if (typeof value === 'string') form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), filename ?? `${name}.bin`);
  }
  return new Request('http://site.test/api/v1/customers/upload', { method: 'POST', body: form });
}

describe('the parts', () => {
  it('take a field under 1 KiB (busboy counts one that reaches 1,024 bytes as cut off)', async () => {
    const files: Array<[string, Buffer]> = [
      ['tax-plate', PDF],
      ['signature-circular', PDF],
    ];
    const parts = await readMultipartBody(upload([['subscription_id', '1'.repeat(1_023)], ...files]), companySpec);
    expect(parts.fields.subscription_id).toHaveLength(1_023);
    await expect(readMultipartBody(upload([['subscription_id', '1'.repeat(1_024)], ...files]), companySpec)).rejects.toMatchObject({ status: 400, reason: 'invalidRequest' });
  });

  it('give the upstream a file name without a path, control characters or quotes, of at most 100 characters, in UTF-8', async () => {
    /** The name as the parser reads it from a browser's body: UTF-8, a quote escaped. */
    const named = async (filename: string) => {
      const part = (name: string, file: string) => `--x\r\nContent-Disposition: form-data; name="${name}"; filename="${file}"\r\n\r\n%PDF-1.4\n\r\n`;
      const body = Buffer.from(`${part('front-nationality-license', filename)}${part('back-nationality-license', 'b.pdf')}--x--\r\n`);
      const request = new Request('http://site.test/x', { method: 'POST', body, headers: { 'Content-Type': 'multipart/form-data; boundary=x' } });
      return (await readMultipartBody(request, identitySpec)).files['front-nationality-license']!.filename;
    };
    expect(await named('kimlik ön yüz.pdf')).toBe('kimlik ön yüz.pdf');
    expect(await named('C:\\Users\\ayse\\kimlik.pdf')).toBe('kimlik.pdf');
    expect(await named('../../etc/kimlik.pdf')).toBe('kimlik.pdf');
    expect(await named(' ön\t\\"yüz.pdf ')).toBe('önyüz.pdf');
    expect(await named(`${'ş'.repeat(120)}.pdf`)).toBe('ş'.repeat(100));
    // Nothing left: the part's name.
    expect(await named('\t ')).toBe('front-nationality-license');
  });

  it('hold each file once, joined only when asked for', async () => {
    const parts = await readMultipartBody(upload([['front-nationality-license', PDF], ['back-nationality-license', PDF]]), identitySpec);
    const file = parts.files['front-nationality-license']!;
    expect(file.data).toEqual(PDF);
    expect(file.size).toBe(PDF.length);
  });
});

describe('encodeMultipart', () => {
  it('sends a file given as one buffer, and one given as nothing as empty', async () => {
    const encoded = encodeMultipart({
      fields: {},
      files: { 'tax-plate': { filename: 'vergi.pdf', type: 'application/pdf', data: PDF }, 'signature-circular': { filename: 'imza.pdf', type: 'application/pdf' } },
    });
    expect(encoded.contentType).toMatch(/^multipart\/form-data; boundary=----ob[0-9a-f]{32}$/);
    const form = await new Response(Buffer.concat(encoded.pieces), { headers: { 'Content-Type': encoded.contentType } }).formData();
    expect(Buffer.from(await (form.get('tax-plate') as File).arrayBuffer())).toEqual(PDF);
    expect((form.get('signature-circular') as File).size).toBe(0);
  });

  it('draws a new boundary for every body', () => {
    const empty = { fields: {}, files: {} };
    expect(encodeMultipart(empty).contentType).not.toBe(encodeMultipart(empty).contentType);
  });
});
