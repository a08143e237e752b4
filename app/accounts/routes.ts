import { apiRoutes } from '#core/http/api_routes'

const ShowAuthenticatedUserController = () =>
  import('#accounts/controllers/show_authenticated_user_controller')
const ShowUserController = () => import('#accounts/controllers/show_user_controller')

apiRoutes([
  ['get', '/user', ShowAuthenticatedUserController, 'user:read'],
  ['get', '/users/:userId', ShowUserController, 'user:read'],
])
