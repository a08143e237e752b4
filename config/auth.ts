import { configProvider } from '@adonisjs/core'
import { defineConfig } from '@adonisjs/auth'
import { tokensGuard } from '@adonisjs/auth/access_tokens'
import { sessionGuard, sessionUserProvider } from '@adonisjs/auth/session'
import type { InferAuthEvents, Authenticators } from '@adonisjs/auth/types'

/**
 * `api`: bearer access tokens for every `/v1` route. `web`: the console's session login.
 */
const authConfig = defineConfig({
  default: 'api',
  guards: {
    api: tokensGuard({
      provider: configProvider.create(async () => {
        const { TokensUserProvider } = await import('#accounts/auth/tokens_user_provider')
        return new TokensUserProvider()
      }),
    }),
    web: sessionGuard({
      useRememberMeTokens: false,
      provider: sessionUserProvider({
        model: () => import('#accounts/models/user'),
      }),
    }),
  },
})

export default authConfig

declare module '@adonisjs/auth/types' {
  export interface Authenticators extends InferAuthenticators<typeof authConfig> {}
}
declare module '@adonisjs/core/types' {
  interface EventsList extends InferAuthEvents<Authenticators> {}
}
