import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ShowLoginController = () => import('#console/controllers/show_login_controller')
const LoginController = () => import('#console/controllers/login_controller')
const LogoutController = () => import('#console/controllers/logout_controller')
const ListOrganizationsController = () =>
  import('#console/controllers/list_organizations_controller')
const ShowOrganizationController = () => import('#console/controllers/show_organization_controller')
const ShowNotFoundController = () => import('#console/controllers/show_not_found_controller')

router.get('/', ({ response }) => response.redirect('/console'))

/**
 * The console. Sessions, CSRF (shield) and Inertia are applied here rather than globally, so the
 * `/v1` API stays stateless and free of CSRF checks.
 */
router
  .group(() => {
    router
      .group(() => {
        router.get('/login', [ShowLoginController]).as('login')
        router.post('/login', [LoginController]).as('login.store')
      })
      .use(middleware.consoleGuest())

    router
      .group(() => {
        router.get('/', [ListOrganizationsController]).as('organizations.index')
        router.get('/orgs/:organizationId', [ShowOrganizationController]).as('organizations.show')
        router.post('/logout', [LogoutController]).as('logout')
        router.get('/*', [ShowNotFoundController]).as('not_found')
      })
      .use(middleware.consoleAuth())
  })
  .prefix('/console')
  .as('console')
  .use([middleware.session(), middleware.shield(), middleware.inertia()])
