import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { blobKey } from '#content/services/authoring_service'

/** Types a browser may show inline; anything else (HTML, SVG, scripts) downloads as an attachment. */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif)|application\/pdf|text\/plain)$/

/**
 * Streams the bytes of a stored file (its blob in Drive) so that a browser can never run them: a
 * safe type shows inline, anything else downloads, and the answer is sandboxed.
 */
export async function sendFileBytes(
  response: HttpContext['response'],
  spaceId: string,
  file: { blob: string; name: string; contentType: string },
  cacheControl: string
) {
  const disk = drive.use()
  const key = blobKey(spaceId, file.blob)
  if (!/^[0-9a-f]{64}$/.test(file.blob) || !(await disk.exists(key))) {
    throw NotFoundException.resource('file', file.name)
  }
  const disposition = INLINE.test(file.contentType) ? 'inline' : 'attachment'
  response.header('Content-Type', file.contentType)
  response.header(
    'Content-Disposition',
    `${disposition}; filename*=UTF-8''${encodeURIComponent(file.name)}`
  )
  response.header('X-Content-Type-Options', 'nosniff')
  response.header('Content-Security-Policy', "default-src 'none'; sandbox")
  response.header('Cache-Control', cacheControl)
  response.stream(await disk.getStream(key))
}
