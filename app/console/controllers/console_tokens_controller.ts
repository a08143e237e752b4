import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import AccessTokenService from '#accounts/services/access_token_service'
import { mintTokenValidator, TOKEN_EXPIRY_DAYS } from '#accounts/validators/access_token_validators'
import { SCOPES } from '#core/scopes'
import { formInput, noticeBack } from '#console/http/console_form'
import { withoutEmpty } from '#console/validators/form_input'
import { accessTokenProps } from '#console/serializers/account_props'

/**
 * Flash key of a token just minted: its secret is shown on the next page only, once.
 */
const MINTED = 'mintedToken'

/**
 * /console/tokens: the signed-in user's API tokens for the `/v1` API. Minting shows the secret
 * once; the list shows names, dates and scopes; any of them can be revoked.
 */
@inject()
export default class ConsoleTokensController {
  constructor(private tokens: AccessTokenService) {}

  async index({ auth, inertia, session }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const minted = session.flashMessages.get(MINTED) as { id: string; secret: string } | undefined
    const tokens = await this.tokens.list(user)
    return inertia.render('tokens/index', {
      tokens: tokens.map(accessTokenProps),
      minted: minted && typeof minted.secret === 'string' ? minted : null,
      scopes: [...SCOPES],
      expiries: [...TOKEN_EXPIRY_DAYS],
    })
  }

  /** POST: mints a token; its secret comes back flashed, for the next page only. */
  async store(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const input = await formInput(
      ctx,
      mintTokenValidator,
      ['name', 'scopes', 'expiresInDays'],
      withoutEmpty
    )
    const minted = await this.tokens.mint(user, input)
    ctx.session.flash(MINTED, minted)
    return noticeBack(ctx, `Token ${input.name} created. Copy it now: it will not be shown again.`)
  }

  /** DELETE /:tokenId: revokes one of the user's tokens. */
  async destroy(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const name = await this.tokens.revoke(user, ctx.params.tokenId)
    return noticeBack(ctx, `Token ${name} revoked: it no longer works.`)
  }
}
