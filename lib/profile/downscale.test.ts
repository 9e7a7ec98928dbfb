import { describe, expect, it } from 'vitest';
import { DOWNSCALE_MIN_LONG_SIDE, DOWNSCALE_MIN_QUALITY, type JpegTarget } from '@/lib/domain/uploads';
import { shrinkToFit } from '@/lib/profile/downscale';

/** A fake JPEG encoder: size follows the pixel count and quality, like the real thing, roughly. */
function encoder(bytesPerPixel: number) {
  const calls: JpegTarget[] = [];
  const encode = async (target: JpegTarget) => {
    calls.push(target);
    return { size: Math.round(target.width * target.height * bytesPerPixel * target.quality), target };
  };
  return { calls, encode };
}

describe('shrinkToFit', () => {
  it('shrinks a 12-megapixel phone photo under the limit in one or two steps', async () => {
    const { calls, encode } = encoder(1);
    const result = await shrinkToFit({ width: 4000, height: 3000, bytes: 7_500_000 }, encode, 4_000_000);
    expect(result).not.toBeNull();
    expect(result!.size).toBeLessThanOrEqual(4_000_000);
    expect(calls.length).toBeLessThanOrEqual(2);
    // The aspect ratio is kept.
    expect(result!.target.width / result!.target.height).toBeCloseTo(4 / 3, 2);
  });

  it('keeps going, smaller and then at lower quality, until the result fits', async () => {
    const { calls, encode } = encoder(6);
    const result = await shrinkToFit({ width: 3000, height: 2000, bytes: 20_000_000 }, encode, 4_000_000);
    expect(result!.size).toBeLessThanOrEqual(4_000_000);
    expect(calls.length).toBeGreaterThan(1);
    for (let i = 1; i < calls.length; i++) {
      const [before, after] = [calls[i - 1]!, calls[i]!];
      expect(after.width * after.height * after.quality).toBeLessThan(before.width * before.height * before.quality);
    }
  });

  it('gives up when even the smallest readable version is too big', async () => {
    const { calls, encode } = encoder(100);
    expect(await shrinkToFit({ width: 4000, height: 3000, bytes: 50_000_000 }, encode, 4_000_000)).toBeNull();
    const last = calls.at(-1)!;
    expect(Math.max(last.width, last.height)).toBe(DOWNSCALE_MIN_LONG_SIDE);
    expect(last.quality).toBe(DOWNSCALE_MIN_QUALITY);
  });

  it('does nothing for a photo that already fits', async () => {
    const { calls, encode } = encoder(1);
    expect(await shrinkToFit({ width: 1000, height: 800, bytes: 3_000_000 }, encode, 4_000_000)).toBeNull();
    expect(calls).toEqual([]);
  });
});
