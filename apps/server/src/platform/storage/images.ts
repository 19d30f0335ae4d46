import pLimit from 'p-limit';
import sharp from 'sharp';
import { LIMITS } from '@mingle/shared/core/constants';
import { HttpError } from '../http/errors.ts';
import { rasteriseSvg, SvgRenderError } from './svg-raster.ts';
import { msg } from '@mingle/shared/core/messages';

/**
 * sharp runs on libuv's thread pool (4 threads), where password hashing runs too: at most LIMITS.imageJobs image
 * jobs at a time, so a burst of uploads never takes every thread (issue 16). SVGs render in a child process.
 */
const imageJobs = pLimit(LIMITS.imageJobs);

export const DEFAULT_TYPE_MESSAGE = msg('Please select a JPG, PNG, or WebP image');
export const DEFAULT_SIZE_MESSAGE = msg('Image size must be less than 5MB');
export const DEFAULT_DIMENSIONS_MESSAGE = msg('Image dimensions are too large');

export interface ImageOptions {
  /** Largest accepted upload, in bytes (checked before anything is decoded). */
  maxBytes: number;
  /** The output fits in a maxDimension x maxDimension box (never enlarged). */
  maxDimension: number;
  /** Accept SVG (event logos): it is rasterised to PNG, so no script, link or external reference survives. */
  allowSvg?: boolean;
  /** 415 message; the spec's wording for the upload at hand. */
  typeMessage?: string;
  /** 413 message for too many bytes. */
  sizeMessage?: string;
  /** 413 message for too many pixels (a small file that decodes to a huge image). */
  dimensionsMessage?: string;
}

export interface ProcessedImage {
  data: Buffer;
  extension: 'webp' | 'png';
  contentType: 'image/webp' | 'image/png';
  width: number;
  height: number;
}

const RASTER_FORMATS = new Set(['jpeg', 'png', 'webp']);

/**
 * Decodes and re-encodes an uploaded image so that what we serve is never what the sender sent: the format is
 * detected from the content (never the file name or the declared type), the pixel count is bounded before and
 * while decoding (LIMITS.imagePixels), EXIF orientation is applied and then every metadata block (EXIF with GPS,
 * XMP, ICC, comments) is dropped, the image is shrunk to fit maxDimension, and the result is WebP; an allowed SVG
 * is rasterised to PNG in a child process with a deadline (svg-raster.ts). Anything else is refused: 415 for a type we do not take or content that does not decode,
 * 413 for too many bytes or pixels.
 */
export async function processImage(input: Uint8Array, options: ImageOptions): Promise<ProcessedImage> {
  const typeError = () => new HttpError(415, 'unsupported_media_type', options.typeMessage ?? DEFAULT_TYPE_MESSAGE);
  const dimensionsError = () =>
    new HttpError(413, 'payload_too_large', options.dimensionsMessage ?? DEFAULT_DIMENSIONS_MESSAGE);

  if (input.byteLength === 0) throw typeError();
  if (input.byteLength > options.maxBytes) {
    throw new HttpError(413, 'payload_too_large', options.sizeMessage ?? DEFAULT_SIZE_MESSAGE);
  }

  // Only the first frame of an animation is read (`pages` defaults to 1); `failOn: 'error'` refuses corrupt data
  // rather than decoding it best-effort.
  const open = () => sharp(input, { limitInputPixels: LIMITS.imagePixels, failOn: 'error' });

  let format: string;
  let width: number;
  let height: number;
  try {
    const metadata = await imageJobs(() => open().metadata());
    format = metadata.format;
    width = metadata.width;
    height = metadata.height;
  } catch (error) {
    throw isPixelLimit(error) ? dimensionsError() : typeError();
  }
  const isSvg = format === 'svg';
  if (!(RASTER_FORMATS.has(format) || (isSvg && options.allowSvg))) throw typeError();
  // The header's size, before any pixel is decoded (sharp checks again while decoding).
  if (!width || !height || width * height > LIMITS.imagePixels) throw dimensionsError();

  if (isSvg) {
    try {
      const data = await rasteriseSvg(input, options.maxDimension);
      const info = await imageJobs(() => sharp(data).metadata());
      return { data, extension: 'png', contentType: 'image/png', width: info.width, height: info.height };
    } catch (error) {
      if (error instanceof SvgRenderError) throw error.reason === 'pixels' ? dimensionsError() : typeError();
      throw error;
    }
  }

  const pipeline = open()
    .autoOrient()
    .resize({ width: options.maxDimension, height: options.maxDimension, fit: 'inside', withoutEnlargement: true });
  try {
    const { data, info } = await imageJobs(() => pipeline.webp({ quality: 82 }).toBuffer({ resolveWithObject: true }));
    return { data, extension: 'webp', contentType: 'image/webp', width: info.width, height: info.height };
  } catch (error) {
    throw isPixelLimit(error) ? dimensionsError() : typeError();
  }
}

/**
 * An image we stored (WebP or PNG, as processImage made it) as a PNG that fits a `size` x `size` box: what a PDF can
 * embed (PNG or JPEG only), for the badges. Runs under the same limit of image jobs as the uploads.
 */
export async function storedImageAsPng(input: Uint8Array, size: number): Promise<Buffer> {
  return imageJobs(() =>
    sharp(input, { limitInputPixels: LIMITS.imagePixels, failOn: 'error' })
      .resize({ width: size, height: size, fit: 'inside', withoutEnlargement: true })
      .png()
      .toBuffer(),
  );
}

function isPixelLimit(error: unknown): boolean {
  return error instanceof Error && /pixel limit/i.test(error.message);
}
