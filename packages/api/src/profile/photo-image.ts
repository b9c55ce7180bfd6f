import { messages, PROFILE_PHOTO_MAX_BYTES, PROFILE_PHOTO_MAX_PIXELS } from '@app/contracts';
import { AppError, badRequest } from '../lib/errors';

/** The square sizes every photo is stored in: 256 px for avatars, 512 px for larger views (docs/architecture.md#uploads). */
export const PHOTO_SIZES = [256, 512] as const;
export type PhotoSize = (typeof PHOTO_SIZES)[number];
export const PHOTO_CONTENT_TYPE = 'image/webp';

const SIGNATURES: Array<{ format: string; matches: (bytes: Uint8Array) => boolean }> = [
  { format: 'png', matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]) },
  { format: 'jpeg', matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { format: 'gif', matches: (b) => ascii(b, 0, 6) === 'GIF87a' || ascii(b, 0, 6) === 'GIF89a' },
  { format: 'webp', matches: (b) => ascii(b, 0, 4) === 'RIFF' && ascii(b, 8, 12) === 'WEBP' },
];

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, index) => bytes[index] === byte);
}

function ascii(bytes: Uint8Array, from: number, to: number): string {
  return String.fromCharCode(...bytes.subarray(from, to));
}

/**
 * The image type from the file's own bytes (docs/product-rules.md#decided-rules), never from its name or
 * header: PNG, JPEG, GIF or WebP. Whatever else sharp could read (SVG, TIFF, HEIF...) is refused before it
 * reaches a decoder.
 */
function detectImageType(bytes: Uint8Array): string | null {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.format ?? null;
}

let loading: Promise<typeof import('sharp')> | undefined;
/** sharp (libvips) takes a fifth of a second to load: loaded at the first photo, not at every start. */
async function loadSharp() {
  loading ??= import('sharp');
  return (await loading).default;
}

/**
 * The checks that decode nothing: the type from the file's own bytes, then the header (the pixel count is
 * known before any pixel is decoded). A file of more than PROFILE_PHOTO_MAX_PIXELS pixels is refused here
 * (a decompression bomb: a few kilobytes that unpack to gigabytes), before it waits for a decode.
 */
async function checkPhoto(bytes: Uint8Array): Promise<void> {
  if (bytes.byteLength > PROFILE_PHOTO_MAX_BYTES) throw badRequest(messages.profile.fileTooLarge);
  const claimed = detectImageType(bytes);
  if (!claimed) throw badRequest(messages.profile.invalidFileType);
  const sharp = await loadSharp();
  const header = await sharp(bytes, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (header?.format !== claimed) throw badRequest(messages.profile.invalidFileType);
  if (header.width * (header.pageHeight ?? header.height) > PROFILE_PHOTO_MAX_PIXELS) throw badRequest(messages.profile.tooManyPixels);
}

/** sharp's refusal when a pipeline ran past its `timeout`. */
const isTimeout = (error: unknown) => error instanceof Error && /timeout/i.test(error.message);

/**
 * Decodes a checked photo and writes it again in every stored size (docs/architecture.md#uploads): turned
 * upright by its EXIF orientation, cropped to a square from the centre (cover: never letterboxed, a small
 * photo is enlarged), WebP. The output carries no metadata at all (sharp keeps none unless told to), so the
 * EXIF of a phone's photo, its GPS position included, never leaves the server. An animated GIF or WebP keeps
 * its first frame. A file that does not decode as the type its bytes claim is refused with the catalogue's
 * invalid-type text; one whose decode runs past `timeoutSeconds` is stopped and refused.
 */
async function decodePhoto(bytes: Uint8Array, timeoutSeconds: number): Promise<Array<{ size: PhotoSize; bytes: Buffer }>> {
  const sharp = await loadSharp();
  // Decoded once, into the largest square; sharp checks the pixel limit again itself, and refuses pixel
  // data that is cut short or corrupt (failOn 'warning'). The smaller sizes are made from that square.
  const largest = Math.max(...PHOTO_SIZES);
  let square: { data: Buffer; info: { width: number; height: number; channels: 1 | 2 | 3 | 4 } };
  try {
    square = await sharp(bytes, { limitInputPixels: PROFILE_PHOTO_MAX_PIXELS, failOn: 'warning', autoOrient: true, pages: 1 })
      .timeout({ seconds: timeoutSeconds })
      .resize(largest, largest, { fit: 'cover', position: 'centre' })
      .raw()
      .toBuffer({ resolveWithObject: true });
  } catch (error) {
    throw badRequest(isTimeout(error) ? messages.profile.tooSlowToProcess : messages.profile.invalidFileType);
  }
  const { width, height, channels } = square.info;
  return Promise.all(
    PHOTO_SIZES.map(async (size) => ({
      size,
      bytes: await sharp(square.data, { raw: { width, height, channels } }).resize(size, size).webp({ quality: 82 }).toBuffer(),
    })),
  );
}

/** How much decoding one instance takes on at once (docs/architecture.md#uploads). */
export interface PhotoDecodeLimits {
  /** Decodes running at once. */
  concurrency: number;
  /** Uploads that may wait for a decode; one more is refused 503 with Retry-After. */
  queue: number;
  /** A decode running longer is stopped, and the upload refused. */
  timeoutSeconds: number;
}

/** Runs at most `concurrency` tasks at once; `queue` more wait in order, and any more are refused. */
function boundedRunner(concurrency: number, queue: number, refusal: () => Error) {
  let running = 0;
  const waiting: Array<() => void> = [];
  return async <T>(task: () => Promise<T>): Promise<T> => {
    if (running < concurrency) running += 1;
    else if (waiting.length < queue) await new Promise<void>((resolve) => waiting.push(resolve));
    else throw refusal();
    try {
      return await task();
    } finally {
      // The slot goes to the next waiting task, if any, without being freed in between.
      const next = waiting.shift();
      if (next) next();
      else running -= 1;
    }
  };
}

/** Turns an uploaded photo into the stored sizes, within this instance's PhotoDecodeLimits. */
export type PhotoDecoder = (bytes: Uint8Array) => Promise<Array<{ size: PhotoSize; bytes: Buffer }>>;

/**
 * The instance's photo decoder: the checks that decode nothing first, then the decode, at most
 * `concurrency` at once: thirty uploads of 40 megapixels decoding at once took an instance from 176 MB to
 * 923 MB, and a decode of 24 megapixels still holds about 100 MB while it runs.
 */
export function createPhotoDecoder(limits: PhotoDecodeLimits): PhotoDecoder {
  const run = boundedRunner(
    limits.concurrency,
    limits.queue,
    () => new AppError('SERVICE_UNAVAILABLE', messages.profile.busy, { retryAfterSeconds: limits.timeoutSeconds }),
  );
  return async (bytes) => {
    await checkPhoto(bytes);
    return run(() => decodePhoto(bytes, limits.timeoutSeconds));
  };
}
