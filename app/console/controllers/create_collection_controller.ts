import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import CollectionService from '#spaces/services/collection_service'
import { createCollectionValidator } from '#spaces/validators/space_validators'
import { withoutEmptyOf } from '#console/validators/form_input'
import { formInput, noticeTo } from '#console/http/console_form'

/**
 * POST /console/orgs/:organizationId/collections: creates a collection at the root or inside
 * another (`create` role there), then opens it.
 */
@inject()
export default class CreateCollectionController {
  constructor(private collections: CollectionService) {}

  async handle(ctx: HttpContext) {
    const input = await formInput(ctx, createCollectionValidator, ['title', 'parent'], (body) =>
      withoutEmptyOf(body, ['parent'])
    )
    const user = ctx.auth.use('web').getUserOrFail()
    const { collection } = await this.collections.create(user, ctx.params.organizationId, input)
    return noticeTo(ctx, `Collection ${collection.title} created.`, 'console.collections.show', {
      collectionId: collection.id,
    })
  }
}
