import { SNIFF_BYTES, sniffFileType, UPLOAD_MAX_BYTES, type UploadType } from '@/lib/domain/uploads';
import { shrinkToFit } from '@/lib/profile/downscale';
import { jpegName } from '@/lib/profile/file-choice';

/** The real type of a chosen file, from its first bytes. */
export async function sniffFile(file: Blob): Promise<UploadType | null> {
  try {
    return sniffFileType(new Uint8Array(await file.slice(0, SNIFF_BYTES).arrayBuffer()));
  } catch {
    return null;
  }
}

function encodeJpeg(canvas: HTMLCanvasElement, quality: number): Promise<Blob> {
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error('JPEG encoding failed'))), 'image/jpeg', quality),
  );
}

/**
 * A phone photo over the upload limit, redrawn on a canvas and re-encoded as JPEG until it fits
 * (the plan of planJpegDownscale). Answers null when the image cannot be decoded or made small
 * enough while staying readable.
 */
export async function downscalePhoto(file: File, maxBytes = UPLOAD_MAX_BYTES): Promise<File | null> {
  let bitmap: ImageBitmap;
  try {
    // Camera photos carry their rotation in EXIF; drawing them upright keeps the ID readable.
    bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  } catch {
    return null;
  }
  try {
    const canvas = document.createElement('canvas');
    const context = canvas.getContext('2d');
    if (!context) return null;
    const blob = await shrinkToFit(
      { width: bitmap.width, height: bitmap.height, bytes: file.size },
      ({ width, height, quality }) => {
        canvas.width = width;
        canvas.height = height;
        // JPEG has no transparency: a PNG's clear parts become white rather than black.
        context.fillStyle = '#fff';
        context.fillRect(0, 0, width, height);
        context.imageSmoothingQuality = 'high';
        context.drawImage(bitmap, 0, 0, width, height);
        return encodeJpeg(canvas, quality);
      },
      maxBytes,
    );
    return blob ? new File([blob], jpegName(file.name), { type: 'image/jpeg', lastModified: Date.now() }) : null;
  } catch {
    return null;
  } finally {
    bitmap.close();
  }
}
