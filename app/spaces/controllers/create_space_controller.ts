import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { refuseUnsupportedFields, rejectNullFields } from '#core/http/validation'
import SpaceService from '#spaces/services/space_service'
import {
  createSpaceValidator,
  UNSUPPORTED_CREATE_SPACE_FIELDS,
} from '#spaces/validators/space_validators'
import { presentSpace } from '#spaces/serializers/space_serializer'

/**
 * POST /v1/orgs/{organizationId}/spaces — `create` role or above (in the organization, or on the
 * parent collection).
 */
@inject()
export default class CreateSpaceController {
  constructor(private spaces: SpaceService) {}

  async handle({ auth, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await request.validateUsing(createSpaceValidator, {
      data: refuseUnsupportedFields(
        rejectNullFields(request.body(), []),
        UNSUPPORTED_CREATE_SPACE_FIELDS
      ),
    })
    const access = await this.spaces.create(user, params.organizationId, input)
    const space = await presentSpace(access, user)
    response.status(201).header('Location', space.urls.location)
    return space
  }
}
