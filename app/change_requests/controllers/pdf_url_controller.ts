import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpacePolicy from '#spaces/policies/space_policy'
import ChangeRequestReadService, {
  targetOf,
} from '#change_requests/services/change_request_read_service'
import PdfExportService from '#change_requests/services/pdf_export_service'
import { pdfQueryValidator } from '#change_requests/validators/pdf_validators'

/**
 * GET /v1/spaces/{spaceId}/pdf (the space's current revision) and GET /v1/spaces/{spaceId}/
 * change-requests/{changeRequestId}/pdf (the change request's head): a URL, valid for an hour and
 * needing no token, of the PDF of the whole content, of a page with its descendants (`page`), or of
 * that page alone (`page` and `only=true`).
 */
@inject()
export default class PdfUrlController {
  constructor(
    private reads: ChangeRequestReadService,
    private pdf: PdfExportService
  ) {}

  async handle({ auth, bouncer, params, request }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(pdfQueryValidator)
    const read = await this.reads.resolve(user.id, params.spaceId, targetOf(params))
    await bouncer.with(SpacePolicy).authorize('view', read.access)
    return {
      url: this.pdf.urlFor(read, { page: query.page, only: query.only === 'true' }, user.id),
    }
  }
}
