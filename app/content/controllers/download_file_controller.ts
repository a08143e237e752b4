import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { sendFileBytes } from '#content/services/file_bytes'
import ContentReadService from '#content/services/content_read_service'
import { FILE_URL_PURPOSE } from '#content/serializers/file_serializer'

/**
 * GET /content/files/{spaceId}/{revisionId}/{fileId}/{name}?viewer=...&signature=... — the bytes
 * behind a file's `downloadURL`. No token: the signature (APP_KEY, with an expiry) proves the URL
 * was handed to `viewer`, and the file is served only while that viewer may still read the space
 * (a deleted space, a revoked access: 404) and the revision holds the file.
 */
@inject()
export default class DownloadFileController {
  constructor(private reads: ContentReadService) {}

  async handle({ params, request, response }: HttpContext) {
    const viewer = request.qs().viewer
    if (!request.hasValidSignature(FILE_URL_PURPOSE) || typeof viewer !== 'string') {
      throw NotFoundException.resource('file', params.name ?? '')
    }
    const { tree } = await this.reads.resolve(viewer, params.spaceId, {
      kind: 'revision',
      revision: params.revisionId,
    })
    const file = this.reads.file(tree, params.fileId)
    // Short-lived and private: the URL expires and access may be revoked.
    await sendFileBytes(response, tree.spaceId, file, 'private, max-age=300')
  }
}
