import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import { serializeOrganization } from '#organizations/serializers/organization_serializer'
import type { OrganizationAccess } from '#organizations/organization_access'
import IntegrationPolicy from '#integrations/policies/integration_policy'
import type {
  ContentInstallationRecord,
  InstallationRecord,
  IntegrationRecord,
} from '#integrations/records'
import type { Viewer } from '#integrations/viewer'
import type { IntegrationEventRecord } from '#integrations/services/event_service'

const policy = new IntegrationPolicy()

/** Where an integration's icon and preview images are served (outside /v1: browsers load them). */
export const ASSETS_PREFIX = '/integrations/assets'

function assetUrl(integration: IntegrationRecord, kind: string) {
  return urls.site(`${ASSETS_PREFIX}/${integration.id}/${kind}?v=${integration.version}`)
}

function endpoint(path: string) {
  return { publicEndpoint: urls.site(path), publicContentEndpoint: urls.site(`${path}/content`) }
}

/** The fields of GitBook's Integration that depend on no caller (the scripts' environment's). */
export function integrationBasics(integration: IntegrationRecord) {
  return {
    object: 'integration' as const,
    id: integration.id,
    name: integration.name,
    version: integration.version,
    runtime: integration.runtime,
    title: integration.title,
    description: integration.description,
    target: integration.target,
    visibility: integration.visibility,
    scopes: integration.scopes,
    categories: integration.categories,
    configurations: integration.configurations,
  }
}

/**
 * GitBook's Integration for one caller: the owner as that caller sees the organization, and the
 * caller's `permissions`. Script and secrets are never part of it.
 */
export function serializeIntegration(
  integration: IntegrationRecord,
  owner: OrganizationAccess,
  viewer: Viewer
) {
  return {
    ...integrationBasics(integration),
    ...(integration.summary !== null ? { summary: integration.summary } : {}),
    previewImages: Array.from({ length: integration.previewCount }, (_, index) =>
      assetUrl(integration, `preview-${index}`)
    ),
    verified: integration.verified,
    blocks: integration.blocks,
    contentSources: integration.contentSources,
    externalLinks: integration.externalLinks,
    owner: serializeOrganization(owner, viewer.user as User),
    urls: {
      location: urls.api(`/integrations/${integration.name}`),
      app: urls.app(`/orgs/${integration.organizationId}/integrations`),
      assets: urls.site(`${ASSETS_PREFIX}/${integration.id}/`),
      ...(integration.hasIcon ? { icon: assetUrl(integration, 'icon') } : {}),
      ...endpoint(`/integrations/${integration.name}/endpoint`),
    },
    permissions: policy.permissions(viewer.user, viewer, integration),
    ...(integration.contentSecurityPolicy !== null
      ? { contentSecurityPolicy: integration.contentSecurityPolicy }
      : {}),
  }
}

/** GitBook's IntegrationInstallation. */
export function serializeInstallation(
  integration: IntegrationRecord,
  installation: InstallationRecord
) {
  const path = `/integrations/${integration.name}/installations/${installation.id}`
  return {
    id: installation.id,
    integration: integration.name,
    status: installation.status,
    space_selection: installation.spaceSelection,
    site_selection: installation.siteSelection,
    spaces: installation.spaceCount,
    configuration: installation.configuration,
    externalIds: installation.externalIds,
    target: { organization: installation.organizationId },
    createdAt: installation.createdAt.toISO()!,
    updatedAt: installation.updatedAt.toISO()!,
    urls: {
      location: urls.api(path),
      app: urls.app(`/orgs/${installation.organizationId}/integrations`),
      ...endpoint(`${path}/endpoint`),
    },
  }
}

/** GitBook's IntegrationSpaceInstallation or IntegrationSiteInstallation. */
export function serializeContentInstallation(
  integration: IntegrationRecord,
  record: ContentInstallationRecord,
  target?: unknown
) {
  const path = `/integrations/${integration.name}/installations/${record.installationId}/${record.kind}s/${record.targetId}`
  return {
    integration: integration.name,
    installation: record.installationId,
    status: record.status,
    configuration: record.configuration,
    externalIds: record.externalIds,
    [record.kind]: target ?? record.targetId,
    createdAt: record.createdAt.toISO()!,
    updatedAt: record.updatedAt.toISO()!,
    urls: { location: urls.api(path), ...endpoint(`${path}/endpoint`) },
  }
}

/** GitBook's IntegrationEvent (delivered events: `success` or `failed`). */
export function serializeIntegrationEvent(event: IntegrationEventRecord) {
  return {
    id: event.id,
    integrationId: event.integrationId,
    ...(event.installationId ? { installationId: event.installationId } : {}),
    createdAt: event.createdAt,
    payload: event.payload,
    status: event.status,
  }
}

/**
 * GitBook's IntegrationEventTrace: the script's console lines (`log` reads as `info`), then the
 * failure, when the last attempt failed, as an `error` line.
 */
export function serializeEventTrace(event: IntegrationEventRecord) {
  const logs = event.logs.map((log) => ({
    message: log.message,
    ...(log.at ? { timestamp: log.at } : {}),
    level: log.level === 'log' ? 'info' : log.level,
  }))
  if (event.error) logs.push({ message: event.error, timestamp: event.updatedAt, level: 'error' })
  return { logs }
}
