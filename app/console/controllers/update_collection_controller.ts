import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import CollectionService from '#spaces/services/collection_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { updateCollectionValidator } from '#spaces/validators/space_validators'
import { emptyAsNull } from '#console/validators/form_input'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * PATCH /console/collections/:collectionId: title, description and default level (the
 * collection's admins). Empty description and default level clear them (null).
 */
@inject()
export default class UpdateCollectionController {
  constructor(
    private console: ConsoleAccessService,
    private collections: CollectionService
  ) {}

  async handle(ctx: HttpContext) {
    const { user, access } = await this.console.managedCollection(ctx)
    const fields = ['title', 'description', 'defaultLevel']
    const input = await formInput(ctx, updateCollectionValidator, fields, (body) =>
      emptyAsNull(body, ['description', 'defaultLevel'])
    )
    await this.collections.update(user, access, input)
    return noticeBack(ctx, 'Collection settings saved.')
  }
}
