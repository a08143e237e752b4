import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import UserService from '#accounts/services/user_service'
import { serializeUser } from '#accounts/serializers/user_serializer'

/**
 * GET /v1/users/{userId} — a user who shares an organization with the caller.
 */
@inject()
export default class ShowUserController {
  constructor(private users: UserService) {}

  async handle({ auth, params }: HttpContext) {
    return serializeUser(await this.users.findVisibleTo(auth.getUserOrFail(), params.userId))
  }
}
