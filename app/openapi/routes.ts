import { apiRoutes } from '#core/http/api_routes'

const specs = () => import('#openapi/controllers/openapi_specs_controller')
const versions = () => import('#openapi/controllers/openapi_versions_controller')

const SPECS = '/orgs/:organizationId/openapi'
const SPEC = `${SPECS}/:specSlug`
const VERSIONS = `${SPEC}/versions`

apiRoutes([
  ['get', SPECS, [specs, 'index'], 'openapi:read'],
  // Documents of up to 5 MB as JSON strings (escaping grows them): 10 MB.
  ['post', SPECS, [specs, 'store'], 'openapi:write', '10mb'],
  ['get', SPEC, [specs, 'show'], 'openapi:read'],
  ['put', SPEC, [specs, 'upsert'], 'openapi:write', '10mb'],
  ['patch', SPEC, [specs, 'update'], 'openapi:write', '10mb'],
  ['delete', SPEC, [specs, 'destroy'], 'openapi:write'],
  ['get', VERSIONS, [versions, 'index'], 'openapi:read'],
  // `latest` before `:versionId`, which would take it too (the controller reads both the same).
  ['get', `${VERSIONS}/latest`, [versions, 'show'], 'openapi:read'],
  ['get', `${VERSIONS}/latest/content`, [versions, 'content'], 'openapi:read'],
  ['get', `${VERSIONS}/latest/content/raw`, [versions, 'raw'], 'openapi:read'],
  ['get', `${VERSIONS}/:versionId`, [versions, 'show'], 'openapi:read'],
  ['get', `${VERSIONS}/:versionId/content`, [versions, 'content'], 'openapi:read'],
])
