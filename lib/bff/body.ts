import 'server-only';
import busboy from 'busboy';
import ExifTransformer from 'exif-be-gone';
import { randomBytes } from 'node:crypto';
import { Readable, Writable } from 'node:stream';
import type { ReadableStream as NodeWebStream } from 'node:stream/web';
import { SNIFF_BYTES, sniffFileType, UPLOAD_MAX_BYTES, type UploadType } from '@/lib/domain/uploads';

/** A body we refuse, with the HTTP status and the catalogue key of its message. */
export class BodyError extends Error {
  constructor(
    readonly status: 400 | 408 | 413 | 415,
    readonly reason: 'invalidRequest' | 'fileTooLarge' | 'fileType' | 'fileCount' | 'uploadTooSlow',
  ) {
    super(reason);
  }
}

export const JSON_BODY_LIMIT = 64 * 1024;
/** An upload slower than this on average, once it has had this long, is cut off: it would hold its slot for minutes. */
const UPLOAD_MIN_BYTES_PER_SECOND = 8 * 1024;
const UPLOAD_GRACE_MS = 10_000;
/** The most the image scrubber is handed in one write (see `feed` in readFilePart). */
const SCRUB_WRITE_BYTES = 4096;

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
  /** The file as it arrived (images without their metadata), in the pieces it arrived in: one copy. */
  chunks: Buffer[];
  size: number;
  /** The file joined into one buffer: a second copy, made only when asked for (tests). */
  readonly data: Buffer;
}

export interface MultipartParts {
  fields: Record<string, string>;
  files: Record<string, UploadedFile>;
}

/** A file to send on: its pieces (as read) or one buffer. */
export interface OutgoingFile {
  filename: string;
  type: UploadType;
  chunks?: Buffer[];
  size?: number;
  data?: Buffer;
}

const piecesOf = (file: OutgoingFile): Buffer[] => file.chunks ?? (file.data ? [file.data] : []);

/**
 * Reads one file part: its first bytes prove its type (PDF, JPEG or PNG), images lose their
 * metadata (EXIF with GPS, XMP, PNG text chunks) on the way in, and the pieces are kept as they
 * come, never joined: one copy of the file in memory.
 */
function readFilePart(stream: Readable, onError: (error: BodyError) => void): Promise<{ type: UploadType; chunks: Buffer[]; size: number } | null> {
  return new Promise((resolve) => {
    const head: Buffer[] = [];
    let headSize = 0;
    let settled = false;
    const chunks: Buffer[] = [];
    let size = 0;
    let sink: Writable | undefined;
    const finish = (value: { type: UploadType; chunks: Buffer[]; size: number } | null) => {
      // Stryker disable next-line ConditionalExpression: equivalent, a promise resolved twice keeps its first value.
      if (settled) return;
      settled = true;
      resolve(value);
    };
    // The part stream flows on (its 'data' listener stays) and busboy drops what passes the limit.
    const refuse = (error: BodyError) => {
      onError(error);
      finish(null);
    };
    const collect = (chunk: Buffer) => {
      chunks.push(chunk);
      size += chunk.length;
    };
    // The image scrubber's cost per write grows with the write's size times the image chunks in it:
    // a 4 MB PNG of empty chunks took 6 s of CPU in 180 ms blocks in 64 KiB writes, and takes a
    // fifth of that in 4 KiB ones, in blocks of a few milliseconds (same output).
    const feed = (chunk: Buffer) => {
      // Stryker disable next-line ConditionalExpression,EqualityOperator: equivalent in output: slicing a PDF's writes, an image's in one piece or an empty last write change only the cost.
      if (sink instanceof ExifTransformer) for (let at = 0; at < chunk.length; at += SCRUB_WRITE_BYTES) sink.write(chunk.subarray(at, at + SCRUB_WRITE_BYTES));
      else sink!.write(chunk);
    };
    const start = (first: Buffer) => {
      const type = sniffFileType(first.subarray(0, SNIFF_BYTES));
      if (!type) return refuse(new BodyError(415, 'fileType'));
      if (type === 'application/pdf') {
        collect(first);
        sink = new Writable({
          write(chunk: Buffer, _encoding, done) {
            collect(chunk);
            done();
          },
        });
      } else {
        const scrubber = new ExifTransformer();
        scrubber.on('data', collect);
        // Stryker disable next-line all: not reachable: exif-be-gone errors on no input (its only throw is an unknown state); the listener keeps one from crashing the server.
        scrubber.on('error', () => refuse(new BodyError(415, 'fileType')));
        // 'end', not 'finish': the last scrubbed pieces arrive after the writable side finished.
        scrubber.on('end', () => finish({ type, chunks, size }));
        sink = scrubber;
        feed(first);
        return;
      }
      sink.on('finish', () => finish({ type, chunks, size }));
    };
    stream.on('limit', () => refuse(new BodyError(413, 'fileTooLarge')));
    // A body cut off inside a file: busboy errors the part's stream as well as the form (refused
    // below); without a listener that would be an uncaught exception in the server.
    // Stryker disable next-line all: equivalent, the form's own error refuses it the same.
    stream.on('error', () => finish(null));
    stream.on('data', (chunk: Buffer) => {
      // Stryker disable next-line ConditionalExpression: equivalent, a refused part's bytes are dropped by the no-op refuse and finish (or busboy past its limit).
      if (settled) return;
      if (sink) {
        feed(chunk);
        return;
      }
      head.push(chunk);
      headSize += chunk.length;
      // Stryker disable next-line EqualityOperator: equivalent, `>` sniffs the same bytes one piece later.
      if (headSize >= SNIFF_BYTES) start(Buffer.concat(head));
    });
    stream.on('end', () => {
      // Stryker disable next-line ConditionalExpression: equivalent, a refused part is refused again, a no-op.
      if (settled) return;
      if (!sink) {
        if (headSize === 0) return refuse(new BodyError(400, 'invalidRequest'));
        start(Buffer.concat(head));
        if (settled) return;
      }
      sink!.end();
    });
  });
}

/**
 * Parses a multipart upload as it streams in: only the named parts, each file at most
 * 4,000,000 bytes and of a type its first bytes prove. Memory stays bounded by the file count
 * times the size limit, once.
 */
export async function readMultipartBody(
  request: Request,
  spec: { fields: readonly string[]; files: readonly string[] },
  deadlineMs = Number.POSITIVE_INFINITY,
): Promise<MultipartParts> {
  // Stryker disable next-line StringLiteral: equivalent: without this check busboy reads a urlencoded form, which holds no file and is refused the same.
  const contentType = request.headers.get('content-type') ?? '';
  // Stryker disable next-line StringLiteral: as above.
  if (!contentType.startsWith('multipart/form-data') || !request.body) throw new BodyError(400, 'invalidRequest');
  const declared = Number(request.headers.get('content-length') ?? 0);
  if (declared > spec.files.length * UPLOAD_MAX_BYTES + JSON_BODY_LIMIT) throw new BodyError(413, 'fileTooLarge');
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { 'content-type': contentType },
      // Browsers send a file's name in UTF-8 (HTML's multipart/form-data); busboy would read it as Latin-1.
      defParamCharset: 'utf8',
      // busboy reports 'limit' on reaching fileSize: one byte more than a file may have.
      limits: { fileSize: UPLOAD_MAX_BYTES + 1, files: spec.files.length, fields: spec.fields.length, fieldSize: 1024 },
    });
  } catch {
    // No boundary, or a malformed content type.
    throw new BodyError(400, 'invalidRequest');
  }

  return new Promise((resolve, reject) => {
    const fields: Record<string, string> = {};
    const files: Record<string, UploadedFile> = {};
    // Stryker disable next-line ArrayDeclaration: equivalent, Promise.all takes a plain value as resolved.
    const pending: Promise<unknown>[] = [];
    const taken = new Set<string>();
    let failed = false;
    const source = Readable.fromWeb(request.body as unknown as NodeWebStream<Uint8Array>);
    // A body that has not arrived by the deadline, or trickles in, is cut off at once: the
    // refusal goes out and frees the slot, and whatever the client still sends is thrown away.
    const started = Date.now();
    let received = 0;
    source.on('data', (chunk: Buffer) => (received += chunk.length));
    const watch = setInterval(() => {
      const elapsed = Date.now() - started;
      if (elapsed < deadlineMs && (elapsed < UPLOAD_GRACE_MS || received >= (UPLOAD_MIN_BYTES_PER_SECOND * elapsed) / 1000)) return;
      fail(new BodyError(408, 'uploadTooSlow'), true);
    }, Math.min(1_000, deadlineMs / 4));
    // Stryker disable next-line CallExpression: equivalent for the answer; it only lets a process exit with an upload open.
    watch.unref();
    /**
     * Refuses the upload once. Drain rather than destroy: cancelling the request stream under
     * Next.js throws elsewhere; what is left is bounded by the Content-Length check above. The
     * refusal goes out once the body is in ('close' follows its end or its error): sent while the
     * client still writes, it may meet a reset connection instead. Only a body past its deadline
     * is answered at once.
     */
    const fail = (error: BodyError, atOnce = false) => {
      // Stryker disable next-line ConditionalExpression: equivalent, a promise settled twice keeps its first outcome, and a refused part never lands in `files`.
      if (failed) return;
      // Stryker disable next-line BooleanLiteral: as above.
      failed = true;
      clearInterval(watch);
      // Stryker disable next-line CallExpression: equivalent, what the parser still reads is refused or dropped.
      source.unpipe(parser);
      if (atOnce || source.destroyed) reject(error);
      else source.once('close', () => reject(error));
      source.resume();
    };
    parser.on('file', (name, stream, info) => {
      // A name is taken when its part begins, before the part is read; busboy itself refuses a
      // file past the count (filesLimit).
      if (failed || !spec.files.includes(name) || taken.has(name)) {
        // Stryker disable next-line CallExpression: equivalent, fail() below cuts the parser off.
        stream.resume();
        fail(new BodyError(400, 'invalidRequest'));
        return;
      }
      taken.add(name);
      pending.push(
        readFilePart(stream, fail).then((file) => {
          // Stryker disable next-line ConditionalExpression,LogicalOperator: equivalent, a part settles as null only when refused, which fails the form.
          if (file && !failed) {
            files[name] = {
              filename: safeFilename(info.filename, name),
              ...file,
              get data() {
                return Buffer.concat(file.chunks);
              },
            };
          }
        }),
      );
    });
    parser.on('field', (name, value, info) => {
      if (!spec.fields.includes(name) || info.valueTruncated) fail(new BodyError(400, 'invalidRequest'));
      else fields[name] = value;
    });
    parser.on('filesLimit', () => fail(new BodyError(413, 'fileCount')));
    parser.on('fieldsLimit', () => fail(new BodyError(400, 'invalidRequest')));
    // Stryker disable next-line ArrowFunction: equivalent, a form that breaks off lacks a part and is refused at 'close' with the same 400.
    parser.on('error', () => fail(new BodyError(400, 'invalidRequest')));
    parser.on('close', () => {
      void Promise.all(pending).then(() => {
        // Stryker disable next-line ConditionalExpression: equivalent, as in fail().
        if (failed) return;
        const complete = spec.files.every((name) => files[name]) && spec.fields.every((name) => fields[name]);
        clearInterval(watch);
        if (!complete) fail(new BodyError(400, 'invalidRequest'));
        else resolve({ fields, files });
      });
    });
    source.on('error', () => fail(new BodyError(400, 'invalidRequest')));
    source.pipe(parser);
  });
}

/** A file name the upstream may show: no path, no control characters or quotes, at most 100 characters. */
function safeFilename(filename: string | undefined, fallback: string): string {
  // Stryker disable next-line StringLiteral: not reachable, busboy reads a part without a file name as a field.
  const base = (filename ?? '').split(/[\\/]/).pop() ?? '';
  const clean = base.replace(/[\u0000-\u001f\u007f"\\]/g, '').trim().slice(0, 100);
  return clean || fallback;
}

export interface EncodedMultipart {
  contentType: string;
  /** The body in pieces (the files' own chunks among them), written one after another. */
  pieces: Buffer[];
  length: number;
}

/** The checked parts as a multipart body for the upstream, without copying the files. */
export function encodeMultipart(parts: { fields: Record<string, string>; files: Record<string, OutgoingFile> }): EncodedMultipart {
  const boundary = `----ob${randomBytes(16).toString('hex')}`;
  const pieces: Buffer[] = [];
  for (const [name, value] of Object.entries(parts.fields)) {
    pieces.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const [name, file] of Object.entries(parts.files)) {
    pieces.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${file.filename}"\r\nContent-Type: ${file.type}\r\n\r\n`),
      ...piecesOf(file),
      Buffer.from('\r\n'),
    );
  }
  pieces.push(Buffer.from(`--${boundary}--\r\n`));
  return { contentType: `multipart/form-data; boundary=${boundary}`, pieces, length: pieces.reduce((sum, piece) => sum + piece.length, 0) };
}
