/** Upload limits (spec §5, §9). */
export const UPLOAD_MAX_BYTES = 4_000_000;
export const UPLOAD_TYPES = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type UploadType = (typeof UPLOAD_TYPES)[number];

/** How many leading bytes `sniffFileType` needs. */
export const SNIFF_BYTES = 8;

// Our own, not file-type: this runs in the browser too (components/account/image-files.ts), where file-type 22 (four dependencies, a reader for ~150 formats, async) would add JS to the documents view for three 8-byte signatures.
const SIGNATURES: ReadonlyArray<{ type: UploadType; bytes: readonly number[] }> = [
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] }, // %PDF-
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
];

/**
 * The real type of a file from its first bytes, since the browser's `type` only reflects the file
 * name. Signatures are matched at offset 0 only (a PDF with junk before '%PDF-' is refused).
 */
export function sniffFileType(firstBytes: Uint8Array): UploadType | null {
  for (const { type, bytes } of SIGNATURES) {
    if (firstBytes.length >= bytes.length && bytes.every((byte, i) => firstBytes[i] === byte)) return type;
  }
  return null;
}

export interface FileLike {
  name: string;
  size: number;
  type: string;
}

export interface UploadRules {
  maxCount: number;
  maxBytes: number;
  types: readonly string[];
}

export type UploadRejection = 'count' | 'type' | 'size' | 'duplicate';

export interface FileSelection<F> {
  accepted: F[];
  errors: Array<{ file: string; reason: UploadRejection }>;
}

/** The rules of the identity and company-document inputs; one file per input unless told. */
export function uploadRules(maxCount = 1): UploadRules {
  return { maxCount, maxBytes: UPLOAD_MAX_BYTES, types: UPLOAD_TYPES };
}

/** Non-standard MIME names some browsers and OSes still report. */
const TYPE_ALIASES: Readonly<Record<string, string>> = {
  'image/jpg': 'image/jpeg',
  'image/pjpeg': 'image/jpeg',
  'application/x-pdf': 'application/pdf',
};

function normalizeType(type: string): string {
  const lower = type.trim().toLowerCase();
  return TYPE_ALIASES[lower] ?? lower;
}

/**
 * Checks files added to a file input against those already chosen (spec §5). Each added file, in
 * order, is refused as 'duplicate' (same name as a chosen or earlier accepted file; names compare
 * exactly), 'type' (MIME type not allowed, or an empty file, which cannot be a valid document),
 * 'size' (above maxBytes; exactly maxBytes passes) or 'count' (no room left). Per-file problems are
 * checked before the count, so a refused file never takes a slot.
 */
export function checkFileSelection<F extends FileLike>(
  existing: readonly FileLike[],
  added: readonly F[],
  rules: UploadRules,
): FileSelection<F> {
  const allowed = new Set(rules.types.map(normalizeType));
  const names = new Set(existing.map((file) => file.name));
  const accepted: F[] = [];
  const errors: FileSelection<F>['errors'] = [];
  const reject = (file: F, reason: UploadRejection) => errors.push({ file: file.name, reason });

  for (const file of added) {
    if (names.has(file.name)) reject(file, 'duplicate');
    else if (!allowed.has(normalizeType(file.type)) || file.size === 0) reject(file, 'type');
    else if (!(file.size > 0 && file.size <= rules.maxBytes)) reject(file, 'size');
    else if (existing.length + accepted.length >= rules.maxCount) reject(file, 'count');
    else {
      accepted.push(file);
      names.add(file.name);
    }
  }
  return { accepted, errors };
}

/** Below these the photo would be unreadable; the planner gives up instead. */
export const DOWNSCALE_MIN_LONG_SIDE = 800;
export const DOWNSCALE_MIN_QUALITY = 0.5;
/** Quality of the first re-encode (and assumed for a photo straight from the camera). */
export const DOWNSCALE_START_QUALITY = 0.85;
const QUALITY_STEP = 0.1;
/** Aim 10% under the limit, as JPEG size only roughly follows the pixel count. */
const HEADROOM = 0.9;

export interface JpegTarget {
  width: number;
  height: number;
  quality: number;
}

/**
 * Plans the next re-encode of a photo that is too big to upload. Call it with the current image
 * (its size, its byte count and the quality it was encoded with; leave quality out for the
 * original file), encode to the answer, and call again with the result until it answers null.
 * While the long side is above DOWNSCALE_MIN_LONG_SIDE it shrinks the image (keeping the aspect
 * ratio, never upscaling) by the square root of the byte ratio, since JPEG size follows the pixel
 * count; after that it lowers the quality by 0.1 per call, down to DOWNSCALE_MIN_QUALITY. Every step makes the image strictly
 * smaller or lower in quality, so the loop ends.
 *
 * null: the image already fits (bytes <= maxBytes), the input is not usable, or no step is left
 * above the minimum long side and quality; the caller then compares bytes with maxBytes itself.
 */
export function planJpegDownscale(
  width: number,
  height: number,
  bytes: number,
  maxBytes: number,
  quality?: number,
): JpegTarget | null {
  const usable = (n: number) => Number.isFinite(n) && n > 0;
  if (![width, height, bytes, maxBytes].every(usable) || bytes <= maxBytes) return null;
  const currentQuality = quality !== undefined && usable(quality) ? Math.min(quality, 1) : undefined;
  const long = Math.max(width, height);

  if (long > DOWNSCALE_MIN_LONG_SIDE) {
    const scale = Math.sqrt((maxBytes / bytes) * HEADROOM);
    const targetLong = Math.max(DOWNSCALE_MIN_LONG_SIDE, Math.floor(long * scale));
    const ratio = targetLong / long;
    return {
      width: Math.max(1, Math.round(width * ratio)),
      height: Math.max(1, Math.round(height * ratio)),
      quality: Math.min(currentQuality ?? DOWNSCALE_START_QUALITY, DOWNSCALE_START_QUALITY),
    };
  }

  if (currentQuality === undefined) return { width, height, quality: DOWNSCALE_START_QUALITY };
  if (currentQuality <= DOWNSCALE_MIN_QUALITY) return null;
  // The last step lands on the minimum itself rather than skipping past it.
  const nextQuality = Math.max(DOWNSCALE_MIN_QUALITY, Math.round((currentQuality - QUALITY_STEP) * 100) / 100);
  return { width, height, quality: nextQuality };
}
