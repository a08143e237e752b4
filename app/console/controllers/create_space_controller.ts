import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import SpaceService from '#spaces/services/space_service'
import { createSpaceValidator } from '#spaces/validators/space_validators'
import { withoutEmpty } from '#console/validators/form_input'

/**
 * POST /console/orgs/:organizationId/spaces: creates a space at the root or in a collection
 * (`create` role there, as the API checks), then opens it.
 */
@inject()
export default class CreateSpaceController {
  constructor(private spaces: SpaceService) {}

  async handle({ auth, params, request, response, session }: HttpContext) {
    const input = await request.validateUsing(createSpaceValidator, {
      data: withoutEmpty(request.only(['title', 'emoji', 'parent', 'editMode'])),
    })
    const user = auth.use('web').getUserOrFail()
    const { space } = await this.spaces.create(user, params.organizationId, input)
    session.flash('notice', `Space ${space.title} created.`)
    return response.redirect().toRoute('console.spaces.show', { spaceId: space.id })
  }
}
