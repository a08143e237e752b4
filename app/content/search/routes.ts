import { apiRoutes } from '#core/http/api_routes'

/**
 * Full-text search routes; imported for its side effect by the content provider.
 */
const searchSpace = () => import('#content/search/controllers/search_space_controller')
const searchOrganization = () =>
  import('#content/search/controllers/search_organization_controller')

apiRoutes([
  ['get', '/spaces/:spaceId/search', searchSpace, 'space:read'],
  ['get', '/orgs/:organizationId/search', searchOrganization, 'organization:search'],
])
