import { describe, expect, it } from 'vitest';
import { UPLOAD_MAX_BYTES } from '@/lib/domain/uploads';
import { checkFileChoice, formatFileSize, jpegName } from '@/lib/profile/file-choice';

const file = (name: string, size = 1000, type = 'image/png') => ({ name, size, type });

describe('checkFileChoice', () => {
  it('accepts a PDF, JPEG or PNG under the limit by its real type', () => {
    expect(checkFileChoice([], [file('on.png')], 'image/png')).toEqual({ kind: 'accept', type: 'image/png' });
    expect(checkFileChoice([], [file('on.pdf', 10, 'application/pdf')], 'application/pdf')).toEqual({ kind: 'accept', type: 'application/pdf' });
    // The bytes decide, not the name: a JPEG called .png is a JPEG.
    expect(checkFileChoice([], [file('on.png')], 'image/jpeg')).toEqual({ kind: 'accept', type: 'image/jpeg' });
    expect(checkFileChoice([], [file('tam.png', UPLOAD_MAX_BYTES)], 'image/png')).toEqual({ kind: 'accept', type: 'image/png' });
  });

  it('refuses a file whose bytes are no PDF, JPEG or PNG, and an empty file', () => {
    expect(checkFileChoice([], [file('not.txt', 20, 'text/plain')], null)).toEqual({ kind: 'reject', reason: 'type' });
    expect(checkFileChoice([], [file('disguised.jpg', 20, 'image/jpeg')], null)).toEqual({ kind: 'reject', reason: 'type' });
    expect(checkFileChoice([], [file('empty.png', 0)], null)).toEqual({ kind: 'reject', reason: 'type' });
  });

  it('downscales an oversized photo and refuses an oversized PDF', () => {
    expect(checkFileChoice([], [file('foto.jpg', UPLOAD_MAX_BYTES + 1)], 'image/jpeg')).toEqual({ kind: 'downscale', type: 'image/jpeg' });
    expect(checkFileChoice([], [file('ekran.png', 9_000_000)], 'image/png')).toEqual({ kind: 'downscale', type: 'image/png' });
    expect(checkFileChoice([], [file('belge.pdf', UPLOAD_MAX_BYTES + 1, 'application/pdf')], 'application/pdf')).toEqual({ kind: 'reject', reason: 'size' });
    // Too big and not a document at all: the type is what is wrong.
    expect(checkFileChoice([], [file('dev.jpg', 9_000_000)], null)).toEqual({ kind: 'reject', reason: 'type' });
  });

  it('refuses a name already chosen in the other input', () => {
    expect(checkFileChoice([file('kimlik.png')], [file('kimlik.png')], 'image/png')).toEqual({ kind: 'reject', reason: 'duplicate' });
    expect(checkFileChoice([file('kimlik.png')], [file('kimlik-arka.png')], 'image/png')).toEqual({ kind: 'accept', type: 'image/png' });
  });

  it('takes one file per input', () => {
    expect(checkFileChoice([], [file('a.png'), file('b.png')], 'image/png')).toEqual({ kind: 'reject', reason: 'count' });
    expect(checkFileChoice([], [], null)).toBeNull();
  });
});

describe('jpegName', () => {
  it('swaps the extension for .jpg', () => {
    expect(jpegName('IMG_2041.PNG')).toBe('IMG_2041.jpg');
    expect(jpegName('kimlik.on.jpeg')).toBe('kimlik.on.jpg');
    expect(jpegName('foto')).toBe('foto.jpg');
    expect(jpegName('.png')).toBe('.png.jpg');
  });
});

describe('formatFileSize', () => {
  it('shows kilobytes under 1 MB and megabytes from there', () => {
    expect(formatFileSize(2000)).toBe('2 KB');
    expect(formatFileSize(120)).toBe('1 KB');
    expect(formatFileSize(849_600)).toBe('850 KB');
    expect(formatFileSize(1_000_000)).toBe('1 MB');
    expect(formatFileSize(3_421_000)).toBe('3,42 MB');
  });
});
