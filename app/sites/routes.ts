import router from '@adonisjs/core/services/router'
import { SITES_PREFIX } from '#sites/published_urls'
import { apiRoutes, type ApiRoute, type LazyController } from '#core/http/api_routes'

const sites = () => import('#sites/controllers/sites_controller')
const structure = () => import('#sites/controllers/site_structure_controller')
const sections = () => import('#sites/controllers/site_sections_controller')
const groups = () => import('#sites/controllers/site_section_groups_controller')
const siteSpaces = () => import('#sites/controllers/site_spaces_controller')
const shareLinks = () => import('#sites/controllers/share_links_controller')
const schema = () => import('#sites/controllers/adaptive_schema_controller')
const auth = () => import('#sites/controllers/publishing_auth_controller')
const publishedUrls = () => import('#sites/controllers/published_urls_controller')
const siteSearch = () => import('#sites/controllers/site_search_controller')
const reader = () => import('#sites/controllers/published_site_controller')

const SITES = '/orgs/:organizationId/sites'
const SITE = `${SITES}/:siteId`
const SECTION = `${SITE}/sections/:siteSectionId`
const GROUP = `${SITE}/section-groups/:siteSectionGroupId`
const SITE_SPACE = `${SITE}/site-spaces/:siteSpaceId`

/**
 * List, add, change and remove one kind of part of a site (`/{path}` and `/{path}/:{param}`).
 */
function parts(path: string, param: string, controller: LazyController): ApiRoute[] {
  return [
    ['get', `${SITE}/${path}`, [controller, 'index'], 'site:read'],
    ['post', `${SITE}/${path}`, [controller, 'store'], 'site:write'],
    ['patch', `${SITE}/${path}/:${param}`, [controller, 'update'], 'site:write'],
    ['delete', `${SITE}/${path}/:${param}`, [controller, 'destroy'], 'site:write'],
  ]
}

apiRoutes([
  ['get', SITES, [sites, 'index'], 'site:read'],
  ['post', SITES, [sites, 'store'], 'site:write'],
  ['get', SITE, [sites, 'show'], 'site:read'],
  ['patch', SITE, [sites, 'update'], 'site:write'],
  ['delete', SITE, [sites, 'destroy'], 'site:write'],
  ['post', `${SITE}/publish`, [sites, 'publish'], 'site:publish'],
  ['post', `${SITE}/unpublish`, [sites, 'unpublish'], 'site:publish'],

  ['get', `${SITE}/adaptive-schema`, [schema, 'show'], 'site:read'],
  ['put', `${SITE}/adaptive-schema`, [schema, 'update'], 'site:write'],
  [
    'get',
    `${SITE}/adaptive-schema/template-conditions`,
    [schema, 'templateConditions'],
    'site:read',
  ],

  ['get', `${SITE}/published`, [structure, 'published'], 'site:read'],
  ['get', `${SITE}/structure`, [structure, 'show'], 'site:read'],
  ['patch', `${SITE}/structure/sort`, [structure, 'sort'], 'site:write'],

  ...parts('sections', 'siteSectionId', sections),
  ['post', `${SECTION}/move`, [sections, 'move'], 'site:write'],
  ...parts('section-groups', 'siteSectionGroupId', groups),
  ['post', `${GROUP}/sections`, [groups, 'addSection'], 'site:write'],
  ['delete', `${GROUP}/sections/:siteSectionId`, [groups, 'removeSection'], 'site:write'],
  ['post', `${GROUP}/move`, [groups, 'move'], 'site:write'],
  ...parts('site-spaces', 'siteSpaceId', siteSpaces),
  ['post', `${SITE_SPACE}/move`, [siteSpaces, 'move'], 'site:write'],
  ...parts('share-links', 'shareLinkId', shareLinks),

  ['get', `${SITE}/publishing/auth`, [auth, 'show'], 'site:auth:read'],
  ['patch', `${SITE}/publishing/auth`, [auth, 'update'], 'site:auth:write'],
  ['post', `${SITE}/publishing/auth/regenerate`, [auth, 'regenerate'], 'site:auth:write'],

  ['post', `${SITE}/search`, siteSearch, 'site:read'],

  ['get', '/urls/published', publishedUrls, 'site:read'],
])

/**
 * The published reader at `/sites/{organization}/{site}/...` (on a site's own host: see
 * SiteHostMiddleware). Outside `/v1`: HTML for browsers, no API token.
 */
router.get(`${SITES_PREFIX}/:organization/:site`, [reader, 'show'])
router.get(`${SITES_PREFIX}/:organization/:site/*`, [reader, 'show'])
