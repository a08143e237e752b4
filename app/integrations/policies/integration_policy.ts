import { AuthorizationResponse, BasePolicy } from '@adonisjs/bouncer'
import type User from '#accounts/models/user'
import type { IntegrationRecord, InstallationRecord } from '#integrations/records'
import { isAdminOf, isMemberOf, mayBeInstalledBy, type Viewer } from '#integrations/viewer'

/**
 * Integrations belong to the organization that publishes them: its admins publish again and
 * unpublish. Installations belong to the organization that installs: its admins install,
 * configure and uninstall (on the organization, its spaces and its sites), its members with a
 * role read them, and so do the admins of the integration's owner (the developer's view).
 * Visibility (who sees the integration at all) is the services' 404; this decides the 403s.
 */
/** Allowed for admins of the organization; others are refused (403) with `message`. */
function adminOf(viewer: Viewer, organizationId: string, message: string) {
  return isAdminOf(viewer, organizationId) || AuthorizationResponse.deny(message, 403)
}

export default class IntegrationPolicy extends BasePolicy {
  admin(_user: User, viewer: Viewer, integration: IntegrationRecord) {
    return adminOf(
      viewer,
      integration.organizationId,
      'Only admins of the organization that owns this integration can publish or unpublish it'
    )
  }

  /** Events of an integration are its developers': admins of the owning organization. */
  readEvents(_user: User, viewer: Viewer, integration: IntegrationRecord) {
    return adminOf(
      viewer,
      integration.organizationId,
      'Only admins of the organization that owns this integration can read its events'
    )
  }

  install(_user: User, viewer: Viewer, integration: IntegrationRecord, organizationId: string) {
    if (!mayBeInstalledBy(integration, organizationId)) {
      return AuthorizationResponse.deny(
        'This integration is private to the organization that owns it',
        403
      )
    }
    return adminOf(
      viewer,
      organizationId,
      'Only admins of the organization can install integrations in it'
    )
  }

  manageInstallation(_user: User, viewer: Viewer, installation: InstallationRecord) {
    return adminOf(
      viewer,
      installation.organizationId,
      'Only admins of the organization can change or remove its installations'
    )
  }

  /**
   * The Integration's `permissions`: `install` is true when the caller administers an
   * organization that may install it.
   */
  permissions(_user: User, viewer: Viewer, integration: IntegrationRecord) {
    const admin = isAdminOf(viewer, integration.organizationId)
    const install = [...viewer.roles.keys()].some(
      (id) => isAdminOf(viewer, id) && mayBeInstalledBy(integration, id)
    )
    return { admin, install }
  }
}

/** Who reads an installation: members of its organization, and admins of the integration's. */
export function canReadInstallation(
  viewer: Viewer,
  integration: IntegrationRecord,
  installation: InstallationRecord
) {
  return (
    isMemberOf(viewer, installation.organizationId) || isAdminOf(viewer, integration.organizationId)
  )
}
