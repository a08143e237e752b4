import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'
import { apiRoutes } from '#core/http/api_routes'

const ListSamlProvidersController = () => import('#sso/controllers/list_saml_providers_controller')
const CreateSamlProviderController = () =>
  import('#sso/controllers/create_saml_provider_controller')
const ShowSamlProviderController = () => import('#sso/controllers/show_saml_provider_controller')
const UpdateSamlProviderController = () =>
  import('#sso/controllers/update_saml_provider_controller')
const DeleteSamlProviderController = () =>
  import('#sso/controllers/delete_saml_provider_controller')
const ListSsoLoginsController = () => import('#sso/controllers/list_sso_logins_controller')
const StartSamlSignInController = () => import('#sso/controllers/start_saml_sign_in_controller')
const ConsumeSamlResponseController = () =>
  import('#sso/controllers/consume_saml_response_controller')
const ShowSamlMetadataController = () => import('#sso/controllers/show_saml_metadata_controller')

const SAML = '/orgs/:organizationId/saml'

apiRoutes([
  ['get', SAML, ListSamlProvidersController, 'organization:read'],
  ['post', SAML, CreateSamlProviderController, 'organization:write'],
  ['get', `${SAML}/:samlProviderId`, ShowSamlProviderController, 'organization:read'],
  ['patch', `${SAML}/:samlProviderId`, UpdateSamlProviderController, 'organization:write'],
  ['delete', `${SAML}/:samlProviderId`, DeleteSamlProviderController, 'organization:write'],
])

/**
 * Public, as GitBook documents it (no security on listSSOProviderLoginsInOrganization): what a
 * sign-in page shows before anyone is signed in.
 */
router
  .get('/v1/orgs/:organizationId/sso', [ListSsoLoginsController])
  .use(middleware.apiRateLimit({ by: 'ip' }))

/**
 * The browser side of SAML sign-in: no bearer token, a console session. Shield (CSRF) is not applied:
 * the ACS is posted by the identity provider's page, and the other two are safe GETs. A SAML
 * response is a few kilobytes of base64: 1 MB is plenty.
 */
router
  .group(() => {
    router.get('/saml/:samlProviderId/start', [StartSamlSignInController]).as('saml.start')
    router.post('/saml/:samlProviderId/acs', [ConsumeSamlResponseController]).as('saml.acs')
    router.get('/saml/:samlProviderId/metadata', [ShowSamlMetadataController]).as('saml.metadata')
  })
  .prefix('/sso')
  .as('sso')
  .use([middleware.body({ limit: '1mb' }), middleware.session()])
