import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ShowAuthenticatedUserController = () =>
  import('#accounts/controllers/show_authenticated_user_controller')
const ShowUserController = () => import('#accounts/controllers/show_user_controller')

router
  .group(() => {
    router.get('/user', [ShowAuthenticatedUserController]).use(middleware.scope('user:read'))
    router.get('/users/:userId', [ShowUserController]).use(middleware.scope('user:read'))
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
