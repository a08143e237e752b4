import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { sendFileBytes } from '#content/services/file_bytes'
import ConsoleContentService from '#console/services/console_content_service'

/**
 * GET /console/spaces/:spaceId/files/:fileId/:name (and the same under a change request or a
 * revision): the bytes of a file of the revision, for the images and file links of the console's
 * rendered pages. Served to whoever may read the space, with the API's safe headers (inline only
 * for harmless types, sandboxed, nosniff); anything else is the console's not-found page.
 */
@inject()
export default class ShowContentFileController {
  constructor(private content: ConsoleContentService) {}

  async handle({ auth, params, response }: HttpContext) {
    const { spaceId, file } = await this.content.file(auth.use('web').getUserOrFail(), params)
    await sendFileBytes(response, spaceId, file, 'private, max-age=3600')
  }
}
