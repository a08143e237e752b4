import router from '@adonisjs/core/services/router'
import { middleware } from '#start/kernel'

const ListOrganizationsController = () =>
  import('#organizations/controllers/list_organizations_controller')
const CreateOrganizationController = () =>
  import('#organizations/controllers/create_organization_controller')
const ShowOrganizationController = () =>
  import('#organizations/controllers/show_organization_controller')
const UpdateOrganizationController = () =>
  import('#organizations/controllers/update_organization_controller')
const PingOrganizationController = () =>
  import('#organizations/controllers/ping_organization_controller')
const ListEmailDomainOrganizationsController = () =>
  import('#organizations/controllers/list_email_domain_organizations_controller')

router
  .group(() => {
    router.get('/orgs', [ListOrganizationsController]).use(middleware.scope('organization:read'))
    router.post('/orgs', [CreateOrganizationController]).use(middleware.scope('organization:write'))
    router
      .get('/orgs/:organizationId', [ShowOrganizationController])
      .use(middleware.scope('organization:read'))
    router
      .patch('/orgs/:organizationId', [UpdateOrganizationController])
      .use(middleware.scope('organization:write'))
    router
      .post('/orgs/:organizationId/ping', [PingOrganizationController])
      .use(middleware.scope('organization:read'))
    router
      .get('/email-domains/:emailDomain/orgs', [ListEmailDomainOrganizationsController])
      .use(middleware.scope('organization:read'))
  })
  .prefix('/v1')
  .use(middleware.apiAuth())
