import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import CollectionService from '#spaces/services/collection_service'
import { createCollectionValidator } from '#spaces/validators/space_validators'
import { withoutEmpty } from '#console/controllers/create_space_controller'

/**
 * POST /console/orgs/:organizationId/collections: creates a collection at the root or inside
 * another (`create` role there), then opens it.
 */
@inject()
export default class CreateCollectionController {
  constructor(private collections: CollectionService) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, params, request, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const input = await request.validateUsing(createCollectionValidator, {
      data: withoutEmpty(request.only(['title', 'parent'])),
    })
    const access = await this.collections.create(user, params.organizationId, input)
    session.flash('notice', `Collection ${access.collection.title} created.`)
    return response.redirect().toPath(`/console/collections/${access.collection.id}`)
  }
}
