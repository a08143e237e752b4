import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import PublishedUrlService from '#sites/services/published_url_service'
import { publishedUrlQueryValidator } from '#sites/validators/site_validators'

/**
 * GET /v1/urls/published?url=…: the site, section, site space and space a published URL shows.
 */
@inject()
export default class PublishedUrlsController {
  constructor(private published: PublishedUrlService) {}

  async handle({ auth, request }: HttpContext) {
    const input = await request.validateQuery(publishedUrlQueryValidator)
    return this.published.resolve(auth.getUserOrFail(), input)
  }
}
