import { type JpegTarget, planJpegDownscale, UPLOAD_MAX_BYTES } from '@/lib/domain/uploads';

/** Safety net: planJpegDownscale always ends, but an encoder that misbehaves must not loop forever. */
const MAX_STEPS = 24;

/**
 * Re-encodes a photo until it fits under `maxBytes`, following planJpegDownscale: `encode` draws
 * the image at the planned size and quality and answers the JPEG. Answers the first result that
 * fits, or null when the plan runs out first (the photo cannot be made small enough and still be
 * readable). Kept free of the DOM so the loop is testable; the browser passes a canvas encoder.
 */
export async function shrinkToFit<B extends { size: number }>(
  image: { width: number; height: number; bytes: number },
  encode: (target: JpegTarget) => Promise<B>,
  maxBytes: number = UPLOAD_MAX_BYTES,
): Promise<B | null> {
  let width = image.width;
  let height = image.height;
  let bytes = image.bytes;
  let quality: number | undefined;
  for (let step = 0; step < MAX_STEPS; step++) {
    const target = planJpegDownscale(width, height, bytes, maxBytes, quality);
    if (!target) return null;
    const result = await encode(target);
    if (result.size <= maxBytes) return result;
    ({ width, height, quality } = target);
    bytes = result.size;
  }
  return null;
}
