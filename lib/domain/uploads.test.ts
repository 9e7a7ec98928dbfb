import { describe, expect, it } from 'vitest';
import {
  DOWNSCALE_MIN_LONG_SIDE,
  DOWNSCALE_MIN_QUALITY,
  DOWNSCALE_START_QUALITY,
  SNIFF_BYTES,
  UPLOAD_MAX_BYTES,
  UPLOAD_TYPES,
  checkFileSelection,
  planJpegDownscale,
  sniffFileType,
  uploadRules,
  type FileLike,
  type JpegTarget,
} from '@/lib/domain/uploads';

describe('constants', () => {
  it('match spec §9', () => {
    expect(UPLOAD_MAX_BYTES).toBe(4_000_000);
    expect(UPLOAD_TYPES).toEqual(['application/pdf', 'image/jpeg', 'image/png']);
    expect(uploadRules()).toEqual({ maxCount: 1, maxBytes: 4_000_000, types: UPLOAD_TYPES });
    expect(uploadRules(2).maxCount).toBe(2);
  });
});

describe('sniffFileType', () => {
  const bytes = (...values: number[]) => new Uint8Array(values);

  it('recognises PDF, JPEG and PNG', () => {
    expect(sniffFileType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0, 0, 0x10))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff))).toBe('image/jpeg');
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a))).toBe('image/png');
  });

  it('needs the whole signature', () => {
    expect(sniffFileType(new TextEncoder().encode('%PDF'))).toBeNull();
    expect(sniffFileType(bytes(0xff, 0xd8))).toBeNull();
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a))).toBeNull();
    expect(sniffFileType(bytes())).toBeNull();
  });

  it('refuses other files and signatures not at the start', () => {
    expect(sniffFileType(new TextEncoder().encode('GIF89a'))).toBeNull();
    expect(sniffFileType(bytes(0x50, 0x4b, 0x03, 0x04))).toBeNull();
    expect(sniffFileType(new TextEncoder().encode(' %PDF-1.4'))).toBeNull();
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0b))).toBeNull();
  });

  it('needs no more than SNIFF_BYTES bytes', () => {
    expect(SNIFF_BYTES).toBe(8);
  });
});

describe('checkFileSelection', () => {
  const file = (name: string, size = 1000, type = 'image/jpeg'): FileLike => ({ name, size, type });
  const rules = uploadRules(2);

  it('accepts allowed files within the limits', () => {
    const added = [file('on.jpg'), file('arka.pdf', 4_000_000, 'application/pdf')];
    expect(checkFileSelection([], added, rules)).toEqual({ accepted: added, errors: [] });
  });

  it('passes the caller\u2019s own objects through', () => {
    const added = [{ ...file('a.png', 10, 'image/png'), extra: true }];
    expect(checkFileSelection([], added, rules).accepted[0]).toBe(added[0]);
  });

  it('refuses disallowed, unknown and empty types as "type"', () => {
    const result = checkFileSelection([], [file('a.gif', 10, 'image/gif'), file('b', 10, ''), file('c.jpg', 0)], rules);
    expect(result.accepted).toEqual([]);
    expect(result.errors).toEqual([
      { file: 'a.gif', reason: 'type' },
      { file: 'b', reason: 'type' },
      { file: 'c.jpg', reason: 'type' },
    ]);
  });

  it('accepts common MIME aliases and letter case', () => {
    const added = [file('a.jpg', 10, 'image/jpg'), file('b.pdf', 10, ' Application/PDF ')];
    expect(checkFileSelection([], added, rules).accepted).toEqual(added);
    expect(checkFileSelection([], [file('c.jpg', 10, 'image/pjpeg')], rules).errors).toEqual([]);
    expect(checkFileSelection([], [file('d.pdf', 10, 'application/x-pdf')], rules).errors).toEqual([]);
  });

  it('refuses files above the limit; the limit itself passes', () => {
    const result = checkFileSelection([], [file('big.jpg', 4_000_001), file('ok.jpg', 4_000_000)], rules);
    expect(result.accepted.map((f) => f.name)).toEqual(['ok.jpg']);
    expect(result.errors).toEqual([{ file: 'big.jpg', reason: 'size' }]);
  });

  it('refuses odd sizes as "size"', () => {
    expect(checkFileSelection([], [file('a.jpg', -1), file('b.jpg', Number.NaN)], rules).errors).toEqual([
      { file: 'a.jpg', reason: 'size' },
      { file: 'b.jpg', reason: 'size' },
    ]);
  });

  it('refuses names already chosen or repeated in the batch', () => {
    const result = checkFileSelection([file('on.jpg')], [file('on.jpg'), file('arka.jpg'), file('arka.jpg')], uploadRules(5));
    expect(result.accepted.map((f) => f.name)).toEqual(['arka.jpg']);
    expect(result.errors).toEqual([
      { file: 'on.jpg', reason: 'duplicate' },
      { file: 'arka.jpg', reason: 'duplicate' },
    ]);
  });

  it('compares names exactly', () => {
    expect(checkFileSelection([file('ON.jpg')], [file('on.jpg')], uploadRules(5)).errors).toEqual([]);
  });

  it('refuses files beyond the count, counting those already chosen', () => {
    const result = checkFileSelection([file('a.jpg')], [file('b.jpg'), file('c.jpg')], rules);
    expect(result.accepted.map((f) => f.name)).toEqual(['b.jpg']);
    expect(result.errors).toEqual([{ file: 'c.jpg', reason: 'count' }]);
    expect(checkFileSelection([file('a.jpg'), file('b.jpg')], [file('c.jpg')], rules).errors).toEqual([{ file: 'c.jpg', reason: 'count' }]);
  });

  it('does not let a refused file take a slot', () => {
    const result = checkFileSelection([], [file('x.gif', 10, 'image/gif'), file('a.jpg'), file('b.jpg')], rules);
    expect(result.accepted.map((f) => f.name)).toEqual(['a.jpg', 'b.jpg']);
    expect(result.errors).toEqual([{ file: 'x.gif', reason: 'type' }]);
  });

  it('reports one reason per file, duplicate before type before size', () => {
    const result = checkFileSelection([file('a.gif', 10, 'image/gif')], [file('a.gif', 9e9, 'image/gif'), file('b.gif', 9e9, 'image/gif')], rules);
    expect(result.errors).toEqual([
      { file: 'a.gif', reason: 'duplicate' },
      { file: 'b.gif', reason: 'type' },
    ]);
  });

  it('handles empty input and a zero count', () => {
    expect(checkFileSelection([], [], rules)).toEqual({ accepted: [], errors: [] });
    expect(checkFileSelection([], [file('a.jpg')], uploadRules(0)).errors).toEqual([{ file: 'a.jpg', reason: 'count' }]);
  });
});

describe('planJpegDownscale', () => {
  it('plans nothing when the photo already fits', () => {
    expect(planJpegDownscale(4000, 3000, 4_000_000, 4_000_000)).toBeNull();
    expect(planJpegDownscale(4000, 3000, 100, 4_000_000)).toBeNull();
  });

  it('plans nothing for unusable input', () => {
    for (const bad of [0, -1, Number.NaN, Infinity]) {
      expect(planJpegDownscale(bad, 3000, 9e6, 4e6)).toBeNull();
      expect(planJpegDownscale(4000, bad, 9e6, 4e6)).toBeNull();
      expect(planJpegDownscale(4000, 3000, bad, 4e6)).toBeNull();
      expect(planJpegDownscale(4000, 3000, 9e6, bad)).toBeNull();
    }
  });

  it('shrinks by the square root of the byte ratio, keeping the aspect ratio', () => {
    // 16 MB -> 4 MB: sqrt(0.25 * 0.9) ~ 0.474 -> long side 1897.
    const target = planJpegDownscale(4000, 3000, 16_000_000, 4_000_000)!;
    expect(target.width).toBe(1897);
    expect(target.height).toBe(Math.round(3000 * (1897 / 4000)));
    expect(target.quality).toBe(DOWNSCALE_START_QUALITY);
  });

  it('handles portrait photos by their long side', () => {
    const target = planJpegDownscale(3000, 4000, 16_000_000, 4_000_000)!;
    expect(target.height).toBe(1897);
    expect(target.width).toBe(Math.round(3000 * (1897 / 4000)));
  });

  it('never goes below the minimum long side', () => {
    const target = planJpegDownscale(4000, 2000, 400_000_000, 4_000_000)!;
    expect(target).toEqual({ width: DOWNSCALE_MIN_LONG_SIDE, height: 400, quality: DOWNSCALE_START_QUALITY });
  });

  it('keeps a lower quality the caller already used while resizing', () => {
    expect(planJpegDownscale(4000, 3000, 16e6, 4e6, 0.6)!.quality).toBe(0.6);
    expect(planJpegDownscale(4000, 3000, 16e6, 4e6, 0.95)!.quality).toBe(DOWNSCALE_START_QUALITY);
  });

  it('lowers the quality step by step once at the minimum size, never upscaling', () => {
    expect(planJpegDownscale(600, 400, 5e6, 4e6)).toEqual({ width: 600, height: 400, quality: DOWNSCALE_START_QUALITY });
    expect(planJpegDownscale(800, 600, 5e6, 4e6, 0.85)).toEqual({ width: 800, height: 600, quality: 0.75 });
    expect(planJpegDownscale(800, 600, 5e6, 4e6, 0.6)).toEqual({ width: 800, height: 600, quality: DOWNSCALE_MIN_QUALITY });
  });

  it('lands on the minimum quality, then gives up', () => {
    expect(planJpegDownscale(800, 600, 5e6, 4e6, 0.55)).toEqual({ width: 800, height: 600, quality: DOWNSCALE_MIN_QUALITY });
    expect(planJpegDownscale(800, 600, 5e6, 4e6, 0.5)).toBeNull();
    expect(planJpegDownscale(800, 600, 5e6, 4e6, 0.3)).toBeNull();
  });

  it('ignores an unusable quality and caps it at 1', () => {
    expect(planJpegDownscale(800, 600, 5e6, 4e6, Number.NaN)!.quality).toBe(DOWNSCALE_START_QUALITY);
    expect(planJpegDownscale(800, 600, 5e6, 4e6, 0)!.quality).toBe(DOWNSCALE_START_QUALITY);
    expect(planJpegDownscale(800, 600, 5e6, 4e6, 7)!.quality).toBe(0.9);
  });

  it('always ends when the encoder never gets smaller', () => {
    let image: JpegTarget = { width: 6000, height: 4000, quality: 1 };
    let steps = 0;
    for (let next = planJpegDownscale(image.width, image.height, 20e6, 4e6); next; steps++) {
      expect(Math.max(next.width, next.height)).toBeLessThanOrEqual(Math.max(image.width, image.height));
      image = next;
      next = planJpegDownscale(image.width, image.height, 20e6, 4e6, image.quality);
      expect(steps).toBeLessThan(50);
    }
    expect(Math.max(image.width, image.height)).toBe(DOWNSCALE_MIN_LONG_SIDE);
    expect(image.quality).toBe(DOWNSCALE_MIN_QUALITY);
  });

  it('reaches a fit with an encoder whose size follows pixels and quality', () => {
    const encode = ({ width, height, quality }: JpegTarget) => width * height * quality * 0.5;
    let image: JpegTarget = { width: 4032, height: 3024, quality: 0.92 };
    let bytes = 12_000_000;
    for (let next = planJpegDownscale(image.width, image.height, bytes, 4e6); next; ) {
      image = next;
      bytes = encode(image);
      next = planJpegDownscale(image.width, image.height, bytes, 4e6, image.quality);
    }
    expect(bytes).toBeLessThanOrEqual(4e6);
  });
});
