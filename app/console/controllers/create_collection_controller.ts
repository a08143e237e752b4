import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import CollectionService from '#spaces/services/collection_service'
import { createCollectionValidator } from '#spaces/validators/space_validators'
import { withoutEmpty } from '#console/validators/form_input'

/**
 * POST /console/orgs/:organizationId/collections: creates a collection at the root or inside
 * another (`create` role there), then opens it.
 */
@inject()
export default class CreateCollectionController {
  constructor(private collections: CollectionService) {}

  async handle({ auth, params, request, response, session }: HttpContext) {
    const input = await request.validateUsing(createCollectionValidator, {
      data: withoutEmpty(request.only(['title', 'parent'])),
    })
    const user = auth.use('web').getUserOrFail()
    const { collection } = await this.collections.create(user, params.organizationId, input)
    session.flash('notice', `Collection ${collection.title} created.`)
    return response.redirect().toRoute('console.collections.show', { collectionId: collection.id })
  }
}
