import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { ForbiddenException } from '#core/exceptions/api_exceptions'
import { toApiError } from '#core/exceptions/handler'
import PdfExportService, { PDF_URL_PURPOSE } from '#change_requests/services/pdf_export_service'

/**
 * GET /pdf/spaces/{spaceId}/revisions/{revisionId}?title=&page=&only=&signature= — the PDF behind a
 * URL handed out by the API's `.../pdf` endpoints. No token: the signature (APP_KEY, one hour)
 * proves the URL was handed out to a reader of the space. Outside `/v1` (browsers open it), yet its
 * refusals keep the API's error shape.
 */
@inject()
export default class DownloadPdfController {
  constructor(private pdf: PdfExportService) {}

  async handle(ctx: HttpContext) {
    const { params, request, response, logger } = ctx
    try {
      const query = request.qs()
      if (!request.hasValidSignature(PDF_URL_PURPOSE) || typeof query.viewer !== 'string') {
        throw new ForbiddenException(
          'This PDF link is invalid or has expired: ask the API for a new one'
        )
      }
      const title =
        typeof query.title === 'string' && query.title.trim() !== '' ? query.title.trim() : 'Export'
      const stream = await this.pdf.open(
        params.spaceId,
        params.revisionId,
        {
          page: typeof query.page === 'string' ? query.page : undefined,
          only: query.only === 'true',
        },
        title,
        query.viewer
      )
      response.header('Content-Type', 'application/pdf')
      response.header('Content-Disposition', inlineDisposition(`${title}.pdf`))
      response.header('X-Content-Type-Options', 'nosniff')
      response.header('Cache-Control', 'private, max-age=3600')
      response.stream(stream)
    } catch (error) {
      const { status, message } = toApiError(error, ctx)
      if (status >= 500) logger.error({ err: error }, 'PDF download failed')
      response.status(status).json({ error: { code: status, message } })
    }
  }
}

/** `inline` with the name for every browser: an ASCII fallback and the exact UTF-8 name. */
function inlineDisposition(filename: string): string {
  const ascii = filename
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^\x20-\x7e]|["\\]/g, '_')
  return `inline; filename="${ascii}"; filename*=UTF-8''${encodeRfc5987(filename)}`
}

function encodeRfc5987(value: string): string {
  return encodeURIComponent(value).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`
  )
}
