import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import { DEFAULT_PAGE_SIZE, listEnvelope } from '#core/http/pagination'
import ContentReadService from '#content/services/content_read_service'
import { filesQueryValidator } from '#content/validators/content_read_validators'
import { serializeFile } from '#content/serializers/file_serializer'
import type { FileEntry } from '#content/types'

/**
 * GET .../content/files (space, change request) and .../revisions/{revisionId}/files: the files of
 * the revision in its order. A revision never changes, so the cursor (the id of the last file
 * given, encoded) is stable; a cursor naming no file of the revision is a 400.
 */
@inject()
export default class ListFilesController {
  constructor(private reads: ContentReadService) {}

  async handle({ auth, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(filesQueryValidator)
    const { tree } = await this.reads.resolveRoute(user.id, params)
    const limit = query.limit ?? DEFAULT_PAGE_SIZE
    const start = query.page ? startAfter(tree.files, query.page) : 0
    const page = tree.files.slice(start, start + limit)
    const next =
      start + limit < tree.files.length ? { page: encode(page[page.length - 1].id) } : undefined
    return listEnvelope(
      page.map((file) => serializeFile(tree, file, user.id)),
      tree.files.length,
      next
    )
  }
}

function encode(fileId: string) {
  return Buffer.from(JSON.stringify({ after: fileId })).toString('base64url')
}

function startAfter(files: FileEntry[], cursor: string): number {
  let after: unknown
  try {
    after = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8'))?.after
  } catch {}
  const index = typeof after === 'string' ? files.findIndex((file) => file.id === after) : -1
  if (index < 0) {
    throw BadRequestException.invalid({
      field: 'page',
      message: `"${cursor.slice(0, 64)}" is not a valid page cursor`,
    })
  }
  return index + 1
}
