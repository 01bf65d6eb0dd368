import sharp from 'sharp';
import {
  DOCUMENT_IMAGE_MAX_PX,
  type DocumentMimeType,
} from 'shared-contracts/resources/documents-contracts';
import { hashFile } from './receive';

/** Larger images (in pixels) are refused before they are decoded: a small file can unpack huge. */
const MAX_INPUT_PIXELS = 60_000_000;
const THUMBNAIL_PX = 320;

export interface ProcessedImage {
  stagedPath: string;
  sha256: string;
  size: number;
  thumbnail: { stagedPath: string; sha256: string };
}

/** The image could not be decoded (broken, or larger than `MAX_INPUT_PIXELS`). */
export class UnreadableImage extends Error {}

/**
 * What is stored of an uploaded image: turned upright by its EXIF orientation, scaled down to fit
 * `DOCUMENT_IMAGE_MAX_PX`, in its own format, without any metadata (EXIF, GPS position, camera,
 * comments: sharp writes none unless asked); and its thumbnail (WebP, made once here). The stored
 * bytes are what is hashed.
 */
export async function processImage(
  source: string,
  mime: Exclude<DocumentMimeType, 'application/pdf'>,
  paths: { image: string; thumbnail: string },
): Promise<ProcessedImage> {
  try {
    const upright = sharp(source, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
      .rotate()
      .resize({
        width: DOCUMENT_IMAGE_MAX_PX,
        height: DOCUMENT_IMAGE_MAX_PX,
        fit: 'inside',
        withoutEnlargement: true,
      });
    const encoded =
      mime === 'image/jpeg'
        ? upright.jpeg({ quality: 85 })
        : mime === 'image/png'
          ? upright.png()
          : upright.webp({ quality: 85 });
    await encoded.toFile(paths.image);
    await sharp(paths.image)
      .resize({
        width: THUMBNAIL_PX,
        height: THUMBNAIL_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 75 })
      .toFile(paths.thumbnail);
  } catch (error) {
    throw new UnreadableImage(error instanceof Error ? error.message : String(error));
  }
  const image = await hashFile(paths.image);
  const thumbnail = await hashFile(paths.thumbnail);
  return {
    stagedPath: paths.image,
    sha256: image.sha256,
    size: image.size,
    thumbnail: { stagedPath: paths.thumbnail, sha256: thumbnail.sha256 },
  };
}
