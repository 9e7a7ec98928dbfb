import { formatMb } from '@/lib/domain/format';
import { formatNumber, type NumberLocale } from '@/lib/domain/money';
import { checkFileSelection, type FileLike, UPLOAD_MAX_BYTES, UPLOAD_TYPES, type UploadRejection, type UploadType } from '@/lib/domain/uploads';

export type FileChoice =
  | { kind: 'accept'; type: UploadType }
  /** A photo over the limit: re-encode it as a smaller JPEG in the browser, then send. */
  | { kind: 'downscale'; type: 'image/jpeg' | 'image/png' }
  | { kind: 'reject'; reason: UploadRejection };

/**
 * What to do with the files chosen (or dropped) for one input of a two-file upload (spec §5):
 * one file per input, so more than one is refused as 'count'; the same name as a file in another
 * input as 'duplicate'; anything whose first bytes are not a PDF, JPEG or PNG (`sniffed`, read
 * from the file itself, since the browser's type only follows the name) as 'type'. A JPEG or PNG
 * over `maxBytes` is to be downscaled; a PDF over it is refused as 'size'.
 */
export function checkFileChoice(
  others: readonly FileLike[],
  added: readonly FileLike[],
  sniffed: UploadType | null,
  maxBytes: number = UPLOAD_MAX_BYTES,
): FileChoice | null {
  if (added.length > 1) return { kind: 'reject', reason: 'count' };
  const file = added[0];
  if (!file) return null;
  // Room for exactly this one file beside the other inputs' files.
  const { errors } = checkFileSelection(others, [{ name: file.name, size: file.size, type: sniffed ?? '' }], {
    maxCount: others.length + 1,
    maxBytes,
    types: UPLOAD_TYPES,
  });
  const reason = errors[0]?.reason;
  if (!reason && sniffed) return { kind: 'accept', type: sniffed };
  if (reason === 'size' && (sniffed === 'image/jpeg' || sniffed === 'image/png')) return { kind: 'downscale', type: sniffed };
  return { kind: 'reject', reason: reason ?? 'type' };
}

/** The name a re-encoded photo is sent under: the same name with a .jpg extension. */
export function jpegName(name: string): string {
  const dot = name.lastIndexOf('.');
  const base = dot > 0 ? name.slice(0, dot) : name;
  return `${base || 'foto'}.jpg`;
}

/**
 * A chosen file's size for the customer: kilobytes under 1 MB (a small scan is not '0 MB'),
 * else megabytes like the limit ('2 KB', '850 KB', '3,42 MB'; '3.42 MB' in English). Decimal
 * units, as spec §5 counts.
 */
export function formatFileSize(bytes: number, locale: NumberLocale = 'tr'): string {
  if (bytes < 1e6) return `${formatNumber(Math.max(1, Math.round(bytes / 1e3)), { locale })} KB`;
  return formatMb(bytes, locale);
}
