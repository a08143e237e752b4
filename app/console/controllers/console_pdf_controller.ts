import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpacePolicy from '#spaces/policies/space_policy'
import ChangeRequestReadService, {
  targetOf,
} from '#change_requests/services/change_request_read_service'
import PdfExportService from '#change_requests/services/pdf_export_service'

/**
 * GET /console/spaces/:spaceId/pdf (the space's current content) and GET /console/spaces/:spaceId/
 * change-requests/:changeRequestId/pdf (the change request's head): for a signed-in reader, a
 * redirect to the PDF URL the API's `.../pdf` operations hand out (PdfExportService: signed, an
 * hour, pinned to the revision), which the browser then opens.
 */
@inject()
export default class ConsolePdfController {
  constructor(
    private reads: ChangeRequestReadService,
    private pdf: PdfExportService
  ) {}

  async handle({ auth, bouncer, params, response }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const read = await this.reads.resolve(user.id, params.spaceId, targetOf(params))
    await bouncer.with(SpacePolicy).authorize('view', read.access)
    return response.redirect(this.pdf.urlFor(read, {}, user.id))
  }
}
