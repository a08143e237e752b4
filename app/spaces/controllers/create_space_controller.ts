import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { created } from '#core/http/responses'
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
    const input = await request.validateBody(createSpaceValidator, {
      nullable: [],
      unsupported: UNSUPPORTED_CREATE_SPACE_FIELDS,
    })
    const access = await this.spaces.create(user, params.organizationId, input)
    created(response, await presentSpace(access, user))
  }
}
