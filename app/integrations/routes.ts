import router from '@adonisjs/core/services/router'
import { apiRoutes, type ApiRoute, type LazyController } from '#core/http/api_routes'
import type { Scope } from '#core/scopes'
import { ASSETS_PREFIX } from '#integrations/serializers/integration_serializer'

const integrations = () => import('#integrations/controllers/integrations_controller')
const installations = () => import('#integrations/controllers/installations_controller')
const spaces = () => import('#integrations/controllers/space_installations_controller')
const sites = () => import('#integrations/controllers/site_installations_controller')
const events = () => import('#integrations/controllers/events_controller')
const assets = () => import('#integrations/controllers/integration_assets_controller')

const INTEGRATION = '/integrations/:integrationName'
const INSTALLATION = `${INTEGRATION}/installations/:installationId`

const READ: Scope = 'integration:installations:read'
const WRITE: Scope = 'integration:installations:write'

/** List, install, read, change and uninstall below an installation (`/spaces`, `/sites`). */
function content(path: string, param: string, controller: LazyController): ApiRoute[] {
  return [
    ['get', `${INSTALLATION}/${path}`, [controller, 'index'], READ],
    ['post', `${INSTALLATION}/${path}`, [controller, 'store'], WRITE],
    ['get', `${INSTALLATION}/${path}/:${param}`, [controller, 'show'], READ],
    ['patch', `${INSTALLATION}/${path}/:${param}`, [controller, 'update'], WRITE],
    ['delete', `${INSTALLATION}/${path}/:${param}`, [controller, 'destroy'], WRITE],
  ]
}

apiRoutes([
  ['get', '/integrations', [integrations, 'index'], 'integration:read'],
  ['get', INTEGRATION, [integrations, 'show'], 'integration:read'],
  // A script of up to 5,000,000 characters, an icon and preview images: 10 MB.
  ['post', INTEGRATION, [integrations, 'publish'], 'integration:publish', '10mb'],
  ['delete', INTEGRATION, [integrations, 'unpublish'], 'integration:delete'],

  ['get', `${INTEGRATION}/events`, [events, 'index'], 'integration:read'],
  ['get', `${INTEGRATION}/events/:eventId`, [events, 'show'], 'integration:read'],

  ['get', `${INTEGRATION}/installations`, [installations, 'index'], READ],
  ['post', `${INTEGRATION}/installations`, [installations, 'store'], WRITE],
  ['get', INSTALLATION, [installations, 'show'], READ],
  ['patch', INSTALLATION, [installations, 'update'], WRITE],
  ['delete', INSTALLATION, [installations, 'destroy'], WRITE],
  ...content('spaces', 'spaceId', spaces),
  ...content('sites', 'siteId', sites),

  [
    'get',
    '/orgs/:organizationId/integrations',
    [integrations, 'organizationIndex'],
    'integration:read',
  ],
  ['get', '/spaces/:spaceId/integrations', [integrations, 'spaceIndex'], 'space:read'],
  [
    'get',
    '/orgs/:organizationId/sites/:siteId/integrations',
    [integrations, 'siteIndex'],
    'site:read',
  ],
])

router.get(`${ASSETS_PREFIX}/:integrationId/:kind`, [assets])
