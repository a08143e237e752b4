import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { consoleFailure } from '#console/exceptions/console_refusal_exception'
import SpaceAccessService from '#spaces/services/space_access_service'
import CollectionService from '#spaces/services/collection_service'
import CollectionPolicy from '#spaces/policies/collection_policy'
import { updateCollectionValidator } from '#spaces/validators/space_validators'

/**
 * PATCH /console/collections/:collectionId: title, description and default level (the
 * collection's admins). Empty description and default level clear them (null).
 */
@inject()
export default class UpdateCollectionController {
  constructor(
    private access: SpaceAccessService,
    private collections: CollectionService
  ) {}

  handle(ctx: HttpContext) {
    return this.perform(ctx).catch(consoleFailure)
  }

  private async perform({ auth, bouncer, params, request, response, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const access = await this.access.collectionFor(user.id, params.collectionId)
    await bouncer.with(CollectionPolicy).authorize('manage', access)
    const body = request.only(['title', 'description', 'defaultLevel'])
    const input = await request.validateUsing(updateCollectionValidator, {
      data: {
        ...body,
        ...('description' in body
          ? { description: body.description === '' ? null : body.description }
          : {}),
        ...('defaultLevel' in body
          ? { defaultLevel: body.defaultLevel === '' ? null : body.defaultLevel }
          : {}),
      },
    })
    await this.collections.update(user, access, input)
    session.flash('notice', 'Collection settings saved.')
    return response.redirect().back()
  }
}
