import router from '@adonisjs/core/services/router'
import { apiRoutes } from '#core/http/api_routes'
// Each part of the domain registers its own routes.
import '#content/routes/reads'
import '#content/routes/links'
import '#content/search/routes'

const c = {
  downloadFile: () => import('#content/controllers/download_file_controller'),
  importSpace: () => import('#content/controllers/import_space_content_controller'),
  importRuns: () => import('#content/controllers/import_runs_controller'),
}

const runs = '/org/:organizationId/imports'
apiRoutes([
  ['post', '/spaces/:spaceId/content/import', c.importSpace, 'space:write', '10mb'],
  // Website imports in the background (GitBook's import runs).
  ['get', runs, [c.importRuns, 'index'], 'space:read'],
  ['post', runs, [c.importRuns, 'store'], 'space:write'],
  ['get', `${runs}/:importRunId`, [c.importRuns, 'show'], 'space:read'],
  ['post', `${runs}/:importRunId/cancel`, [c.importRuns, 'cancel'], 'space:write'],
])

// File bytes: a signed, expiring URL per viewer, no token (browsers and <img> tags fetch it).
// The name is file_serializer's FILE_ROUTE.
router
  .get('/content/files/:spaceId/:revisionId/:fileId/:name', [c.downloadFile])
  .as('content.files.download')
