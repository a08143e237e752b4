import type { HttpContext } from '@adonisjs/core/http'
import drive from '@adonisjs/drive/services/main'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { blobKey } from '#content/services/authoring_service'

/** Types a browser may show inline; anything else (HTML, SVG, scripts) downloads as an attachment. */
const INLINE = /^(image\/(png|jpeg|gif|webp|avif)|application\/pdf|text\/plain)$/

/**
 * GET /content/files/{spaceId}/{blob}/{name}?type=...&signature=... — the bytes behind a file's
 * `downloadURL`. The signature (APP_KEY) proves the URL was handed out by the API.
 */
export default class DownloadFileController {
  async handle({ params, request, response }: HttpContext) {
    if (!request.hasValidSignature() || !/^[0-9a-f]{64}$/.test(params.blob)) {
      throw NotFoundException.resource('file', params.name ?? '')
    }
    const disk = drive.use()
    const key = blobKey(params.spaceId, params.blob)
    if (!(await disk.exists(key))) throw NotFoundException.resource('file', params.name ?? '')
    const type = String(request.qs().type ?? 'application/octet-stream')
    const disposition = INLINE.test(type) ? 'inline' : 'attachment'
    response.header('Content-Type', type)
    response.header(
      'Content-Disposition',
      `${disposition}; filename*=UTF-8''${encodeURIComponent(params.name)}`
    )
    response.header('X-Content-Type-Options', 'nosniff')
    response.header('Content-Security-Policy', "default-src 'none'; sandbox")
    response.header('Cache-Control', 'private, max-age=31536000, immutable')
    response.stream(await disk.getStream(key))
  }
}
