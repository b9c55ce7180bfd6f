import { crc32, deflateSync } from 'node:zlib';
import type { InjectOptions } from 'fastify';
import sharp from 'sharp';
import { UPLOAD_PHOTO_PATH } from '../src/rest/upload';

/** Real images of each accepted type, made by sharp: an upload is decoded now, so signatures alone no longer pass. */
export async function imageOf(format: 'png' | 'jpeg' | 'gif' | 'webp', color = '#2a7', width = 40, height = 30): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: color } })
    .toFormat(format)
    .toBuffer();
}

/** Where a test photo was taken, written into its EXIF: none of it may reach the stored photo. */
export const GPS_DATUM = 'WGS-84-PESOTASKS-TEST';
export const EXIF_OWNER = 'Exif Owner Test';

/**
 * A phone's photo as it arrives: JPEG with EXIF (owner, GPS position) and an orientation of 6 (rotate 90°
 * clockwise to view), 300 × 200 as stored: its left half red, its right half blue. Upright it is 200 × 300,
 * red above and blue below.
 */
export async function phonePhoto(): Promise<Buffer> {
  const half = (color: string) =>
    sharp({ create: { width: 150, height: 200, channels: 3, background: color } })
      .png()
      .toBuffer();
  return sharp({ create: { width: 300, height: 200, channels: 3, background: '#fff' } })
    .composite([
      { input: await half('#f00'), left: 0, top: 0 },
      { input: await half('#00f'), left: 150, top: 0 },
    ])
    .jpeg()
    .withMetadata({ orientation: 6 })
    .withExifMerge({
      IFD0: { Copyright: EXIF_OWNER },
      IFD3: {
        GPSMapDatum: GPS_DATUM,
        GPSLatitudeRef: 'N',
        GPSLatitude: '14/1 35/1 0/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '120/1 58/1 0/1',
      },
    })
    .toBuffer();
}

/**
 * A decompression bomb: a valid PNG of 10,000 × 10,000 one-bit pixels (100 megapixels) whose zeros
 * compress to about 12 KB, far under the 5 MB upload limit.
 */
export function pixelBomb(side = 10_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header[8] = 1; // bit depth 1, colour type 0 (grey), deflate, no filter, no interlace
  const rows = Buffer.alloc((1 + Math.ceil(side / 8)) * side);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(rows, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** The upload as a browser sends it: one multipart part, named `field`. */
export function photoUpload(
  cookie: string,
  content: Buffer,
  filename = 'me.png',
  type = 'image/png',
  field = 'profilePhoto',
): InjectOptions {
  const boundary = '----photo-boundary';
  return {
    method: 'POST',
    url: UPLOAD_PHOTO_PATH,
    headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` },
    payload: Buffer.concat([
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${type}\r\n\r\n`,
      ),
      content,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]),
  };
}

/** The 512 px photo beside the 256 px one a profile URL names. */
export const largeOf = (profileImageUrl: string) => profileImageUrl.replace(/-256\.webp$/, '-512.webp');

/** A stored photo URL, as the upload answers it. */
export const STORED_PHOTO_URL = /^\/uploads\/photos\/[0-9a-f]{32}-256\.webp$/;
