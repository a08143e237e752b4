import { BadRequestException } from '#core/exceptions/api_exceptions'

/** Image types an icon or a preview may have: raster images a browser never runs (no SVG). */
const SIGNATURES: { type: string; test: (bytes: Buffer) => boolean }[] = [
  {
    type: 'image/png',
    test: (b) => b.subarray(0, 8).equals(Buffer.from('89504e470d0a1a0a', 'hex')),
  },
  { type: 'image/jpeg', test: (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff },
  {
    type: 'image/gif',
    test: (b) => ['GIF87a', 'GIF89a'].includes(b.subarray(0, 6).toString('latin1')),
  },
  {
    type: 'image/webp',
    test: (b) =>
      b.subarray(0, 4).toString('latin1') === 'RIFF' &&
      b.subarray(8, 12).toString('latin1') === 'WEBP',
  },
]

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const DATA_URL = /^data:image\/[a-z+.-]+;base64,/

export type Asset = { kind: string; contentType: string; data: string }

/**
 * A base64 image of the publish body (optionally a `data:` URL), decoded, bounded and typed by its
 * first bytes: a 400 naming the field when it is not base64, too large, or not a PNG, JPEG, GIF or
 * WebP image.
 */
export function decodeImage(field: string, kind: string, value: string, maxBytes: number): Asset {
  const text = value.replace(DATA_URL, '').replace(/\s+/g, '')
  const invalid = (message: string, rule: string) =>
    BadRequestException.invalid({ field, message: `The ${field} field ${message}`, rule })
  if (text.length === 0 || text.length % 4 !== 0 || !BASE64.test(text)) {
    throw invalid('must be base64', 'base64')
  }
  const bytes = Buffer.from(text, 'base64')
  if (bytes.length > maxBytes) {
    throw invalid(`must not be larger than ${maxBytes / 1024} KiB`, 'maxSize')
  }
  const signature = SIGNATURES.find(({ test }) => bytes.length >= 12 && test(bytes))
  if (!signature) throw invalid('must be a PNG, JPEG, GIF or WebP image', 'imageType')
  return { kind, contentType: signature.type, data: bytes.toString('base64') }
}
