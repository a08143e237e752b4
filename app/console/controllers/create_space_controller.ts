import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceService from '#spaces/services/space_service'
import { createSpaceValidator } from '#spaces/validators/space_validators'
import { withEmojiCodePoints, withoutEmptyOf } from '#console/validators/form_input'
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
    // The title is required here (the API names an untitled space "Untitled"; a form says why).
    const input = await formInput(ctx, createSpaceValidator, fields, (body) =>
      withEmojiCodePoints(withoutEmptyOf(body, ['emoji', 'parent', 'editMode']))
    )
    const user = ctx.auth.use('web').getUserOrFail()
    const { space } = await this.spaces.create(user, ctx.params.organizationId, input)
    return noticeTo(ctx, `Space ${space.title} created.`, 'console.spaces.show', {
      spaceId: space.id,
    })
  }
}
