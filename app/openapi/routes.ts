import { apiRoutes } from '#core/http/api_routes'

const specs = () => import('#openapi/controllers/openapi_specs_controller')
const versions = () => import('#openapi/controllers/openapi_versions_controller')

const SPECS = '/orgs/:organizationId/openapi'
const SPEC = `${SPECS}/:specSlug`
const VERSIONS = `${SPEC}/versions`

apiRoutes([
  ['get', SPECS, [specs, 'index'], 'openapi:read'],
  ['post', SPECS, [specs, 'store'], 'openapi:write'],
  ['get', SPEC, [specs, 'show'], 'openapi:read'],
  ['put', SPEC, [specs, 'upsert'], 'openapi:write'],
  ['patch', SPEC, [specs, 'update'], 'openapi:write'],
  ['delete', SPEC, [specs, 'destroy'], 'openapi:write'],
  ['get', VERSIONS, [versions, 'index'], 'openapi:read'],
  // `latest` before `:versionId`, which would take it too (the controller reads both the same).
  ['get', `${VERSIONS}/latest`, [versions, 'show'], 'openapi:read'],
  ['get', `${VERSIONS}/latest/content`, [versions, 'content'], 'openapi:read'],
  ['get', `${VERSIONS}/latest/content/raw`, [versions, 'raw'], 'openapi:read'],
  ['get', `${VERSIONS}/:versionId`, [versions, 'show'], 'openapi:read'],
  ['get', `${VERSIONS}/:versionId/content`, [versions, 'content'], 'openapi:read'],
])
