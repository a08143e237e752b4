import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

/**
 * Full-text search routes; imported for its side effect by the content provider.
 */
const searchSpace = () => import('#content/search/controllers/search_space_controller')
const searchOrganization = () =>
  import('#content/search/controllers/search_organization_controller')

router
  .group(() => {
    router.get('/spaces/:spaceId/search', [searchSpace]).use(middleware.scope('space:read'))
    router
      .get('/orgs/:organizationId/search', [searchOrganization])
      .use(middleware.scope('organization:search'))
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
