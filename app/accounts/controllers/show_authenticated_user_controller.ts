import type { HttpContext } from '@adonisjs/core/http'
import { sendJson } from '#core/http/responses'
import { serializeUser } from '#accounts/serializers/user_serializer'

/**
 * GET /v1/user — the user the access token belongs to.
 */
export default class ShowAuthenticatedUserController {
  async handle({ auth, response }: HttpContext) {
    sendJson(response, serializeUser(auth.getUserOrFail()))
  }
}
