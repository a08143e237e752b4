import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceService from '#spaces/services/space_service'
import { createSpaceValidator } from '#spaces/validators/space_validators'
import { withoutEmpty } from '#console/validators/form_input'
import { formInput, noticeTo } from '#console/http/console_form'

/**
 * POST /console/orgs/:organizationId/spaces: creates a space at the root or in a collection
 * (`create` role there, as the API checks), then opens it.
 */
@inject()
export default class CreateSpaceController {
  constructor(private spaces: SpaceService) {}

  async handle(ctx: HttpContext) {
    const fields = ['title', 'emoji', 'parent', 'editMode']
    const input = await formInput(ctx, createSpaceValidator, fields, withoutEmpty)
    const user = ctx.auth.use('web').getUserOrFail()
    const { space } = await this.spaces.create(user, ctx.params.organizationId, input)
    return noticeTo(ctx, `Space ${space.title} created.`, 'console.spaces.show', {
      spaceId: space.id,
    })
  }
}
