import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { isWellFormedId } from '#core/ids'
import IntegrationService from '#integrations/services/integration_service'

const KINDS = new Set(['icon', 'preview-0', 'preview-1', 'preview-2'])

/**
 * GET /integrations/assets/{integrationId}/{kind}: an integration's icon or preview image, for
 * browsers (no token; the id is only known to those who may see the integration). Only the
 * raster types checked at publish time are ever stored; served with nosniff and a CSP that runs
 * nothing.
 */
@inject()
export default class IntegrationAssetsController {
  constructor(private integrations: IntegrationService) {}

  async handle({ params, response }: HttpContext) {
    const asset =
      isWellFormedId(params.integrationId) && KINDS.has(params.kind)
        ? await this.integrations.asset(params.integrationId, params.kind)
        : null
    if (!asset) return response.status(404).send('Not found')
    response
      .header('Content-Type', asset.contentType)
      .header('X-Content-Type-Options', 'nosniff')
      .header('Content-Security-Policy', "default-src 'none'; sandbox")
      .header('Cache-Control', 'public, max-age=300')
      .header('Content-Disposition', 'inline')
      .send(asset.bytes)
  }
}
