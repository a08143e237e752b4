import type { HttpContext } from '@adonisjs/core/http'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { sendFileBytes } from '#content/services/file_bytes'

/**
 * GET /content/files/{spaceId}/{blob}/{name}?type=...&signature=... — the bytes behind a file's
 * `downloadURL`. The signature (APP_KEY) proves the URL was handed out by the API.
 */
export default class DownloadFileController {
  async handle({ params, request, response }: HttpContext) {
    if (!request.hasValidSignature()) throw NotFoundException.resource('file', params.name ?? '')
    await sendFileBytes(
      response,
      params.spaceId,
      {
        blob: params.blob,
        name: params.name,
        contentType: String(request.qs().type ?? 'application/octet-stream'),
      },
      'private, max-age=31536000, immutable'
    )
  }
}
