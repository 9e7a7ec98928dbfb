import 'server-only';
import busboy from 'busboy';
import { Readable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { SNIFF_BYTES, sniffFileType, UPLOAD_MAX_BYTES, type UploadType } from '@/lib/domain/uploads';

/** A body we refuse, with the HTTP status and the catalogue key of its message. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 413 | 415,
    readonly reason: 'invalidRequest' | 'fileTooLarge' | 'fileType' | 'fileCount',
  ) {
    super(reason);
  }
}

export const JSON_BODY_LIMIT = 64 * 1024;

/** Reads a JSON body, refusing more than `limit` bytes without reading past it. */
export async function readJsonBody(request: Request, limit = JSON_BODY_LIMIT): Promise<unknown> {
  if (Number(request.headers.get('content-length') ?? 0) > limit) throw new BodyError(413, 'invalidRequest');
  const reader = request.body?.getReader();
  if (!reader) throw new BodyError(400, 'invalidRequest');
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      throw new BodyError(413, 'invalidRequest');
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString('utf8'));
  } catch {
    throw new BodyError(400, 'invalidRequest');
  }
}

export interface UploadedFile {
  filename: string;
  type: UploadType;
  data: Buffer;
}

/**
 * Parses a multipart upload as it streams in: only the named parts, each file at most
 * 4,000,000 bytes and of a type its first bytes prove. Memory stays bounded by the file count
 * times the size limit.
 */
export async function readMultipartBody(
  request: Request,
  spec: { fields: readonly string[]; files: readonly string[] },
): Promise<{ fields: Record<string, string>; files: Record<string, UploadedFile> }> {
  const contentType = request.headers.get('content-type') ?? '';
  if (!contentType.startsWith('multipart/form-data') || !request.body) throw new BodyError(400, 'invalidRequest');
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > spec.files.length * UPLOAD_MAX_BYTES + JSON_BODY_LIMIT) throw new BodyError(413, 'fileTooLarge');

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    let failed = false;
    const fail = (error: BodyError) => {
      if (failed) return;
      failed = true;
      // Drain rather than destroy: cancelling the request stream under Next.js throws elsewhere.
      // What is left is bounded by the Content-Length check above.
      source.unpipe(parser);
      source.resume();
      reject(error);
    };
    const parser = busboy({
      headers: { 'content-type': contentType },
      limits: { fileSize: UPLOAD_MAX_BYTES, files: spec.files.length, fields: spec.fields.length, fieldSize: 1024 },
    });
    parser.on('file', (name, stream, info) => {
      if (!spec.files.includes(name) || files[name]) {
        stream.resume();
        fail(new BodyError(400, 'invalidRequest'));
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(new BodyError(413, 'fileTooLarge')));
      stream.on('end', () => {
        if (failed) return;
        const data = Buffer.concat(chunks);
        const type = sniffFileType(data.subarray(0, SNIFF_BYTES));
        if (!type) return fail(new BodyError(415, 'fileType'));
        files[name] = { filename: info.filename || name, type, data };
      });
    });
    parser.on('field', (name, value) => {
      if (!spec.fields.includes(name)) fail(new BodyError(400, 'invalidRequest'));
      else fields[name] = value;
    });
    parser.on('filesLimit', () => fail(new BodyError(413, 'fileCount')));
    parser.on('fieldsLimit', () => fail(new BodyError(400, 'invalidRequest')));
    parser.on('error', () => fail(new BodyError(400, 'invalidRequest')));
    parser.on('close', () => {
      if (failed) return;
      const complete = spec.files.every((name) => files[name]) && spec.fields.every((name) => fields[name]);
      if (!complete) fail(new BodyError(400, 'invalidRequest'));
      else resolve({ fields, files });
    });
    const source = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
    source.on('error', () => fail(new BodyError(400, 'invalidRequest')));
    source.pipe(parser);
  });
}

/** The checked parts as a fresh multipart body for the upstream. */
export function toFormData(parts: { fields: Record<string, string>; files: Record<string, UploadedFile> }): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts.fields)) form.append(name, value);
  for (const [name, file] of Object.entries(parts.files)) {
    form.append(name, new Blob([new Uint8Array(file.data)], { type: file.type }), file.filename);
  }
  return form;
}
