import { apiRoutes } from '#core/http/api_routes'

const ShowAuthenticatedUserController = () =>
  import('#accounts/controllers/show_authenticated_user_controller')
const ShowUserController = () => import('#accounts/controllers/show_user_controller')
const UserTokensController = () => import('#accounts/controllers/user_tokens_controller')

apiRoutes([
  ['get', '/user', ShowAuthenticatedUserController, 'user:read'],
  // GitBook has no user:write scope; minting is bounded by the minting token's own scopes instead.
  ['get', '/user/tokens', [UserTokensController, 'index'], 'user:read'],
  ['post', '/user/tokens', [UserTokensController, 'store'], 'user:read'],
  ['delete', '/user/tokens/:tokenId', [UserTokensController, 'destroy'], 'user:read'],
  ['get', '/users/:userId', ShowUserController, 'user:read'],
])
