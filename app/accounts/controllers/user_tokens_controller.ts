import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import AccessTokenService from '#accounts/services/access_token_service'
import { mintTokenValidator } from '#accounts/validators/access_token_validators'
import { serializeAccessToken } from '#accounts/serializers/access_token_serializer'
import { listQueryValidator, paginateList, pageEnvelope } from '#core/http/pagination'

/**
 * /v1/user/tokens: the caller's own API tokens, the same ones the console's tokens page manages
 * (one AccessTokenService). A token mints only tokens within its own scopes.
 */
@inject()
export default class UserTokensController {
  constructor(private tokens: AccessTokenService) {}

  /** GET: newest first, with `lastUsedAt` and `expired`. */
  async index({ auth, request }: HttpContext) {
    const query = await request.validateQuery(listQueryValidator)
    const page = paginateList(await this.tokens.list(auth.getUserOrFail()), query)
    return pageEnvelope(page.rows.map(serializeAccessToken), page)
  }

  /** POST: the new token, with its secret as `token`: shown this once, never again. */
  async store({ auth, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const input = await request.validateBody(mintTokenValidator)
    const grantor = auth.use('api').user?.currentAccessToken.abilities ?? []
    const minted = await this.tokens.mint(user, input, grantor)
    const record = serializeAccessToken(await this.tokens.find(user, minted.id))
    response.header('Location', record.urls.location).created({ ...record, token: minted.secret })
  }

  /** DELETE /{tokenId}: revoked at once (a token may revoke itself). */
  async destroy({ auth, params, response }: HttpContext) {
    await this.tokens.revoke(auth.getUserOrFail(), params.tokenId)
    response.noContent()
  }
}
