import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import { isoTimestamp } from '#core/database/timestamps'
import type { OrganizationAccess } from '#organizations/organization_access'
import OpenAPISpecPolicy from '#openapi/policies/openapi_spec_policy'
import type { OpenAPISpecRow, OpenAPIVersionContentRow, OpenAPIVersionRow } from '#openapi/records'

const policy = new OpenAPISpecPolicy()

function specPath(spec: Pick<OpenAPISpecRow, 'organization_id' | 'slug'>) {
  return `/orgs/${spec.organization_id}/openapi/${encodeURIComponent(spec.slug)}`
}

/** GitBook's OpenAPISpec record (object `openapi-spec`), for the caller. */
export function serializeOpenAPISpec(
  spec: OpenAPISpecRow,
  access: OrganizationAccess,
  caller: User
) {
  const lastProcessedAt = isoTimestamp(spec.last_processed_at)
  return {
    object: 'openapi-spec' as const,
    id: spec.id,
    createdAt: isoTimestamp(spec.created_at)!,
    updatedAt: isoTimestamp(spec.updated_at)!,
    slug: spec.slug,
    ...(spec.source_url ? { sourceURL: spec.source_url } : {}),
    // Documents are fetched and validated within the request: a stored spec is always processed.
    processingState: 'complete' as const,
    visibility: spec.visibility,
    ...(spec.last_version_id ? { lastVersion: spec.last_version_id } : {}),
    ...(lastProcessedAt ? { lastProcessedAt } : {}),
    lastProcessedErrorCount: 0,
    permissions: policy.permissions(caller, access),
    urls: { location: urls.api(specPath(spec)), app: urls.app(specPath(spec)) },
  }
}

/** The platform's OpenAPI spec version (object `openapi-spec-version`). */
export function serializeOpenAPIVersion(spec: OpenAPISpecRow, version: OpenAPIVersionRow) {
  const location = urls.api(`${specPath(spec)}/versions/${version.id}`)
  return {
    object: 'openapi-spec-version' as const,
    id: version.id,
    createdAt: isoTimestamp(version.created_at)!,
    // Where the document is reachable: its source URL, else its content in the API.
    url: version.source_url ?? `${location}/content`,
    urls: { location },
  }
}

/**
 * Spec version content: the parsed document in a one-file `filesystem` (named after its format),
 * `url` (the platform's field) and GitBook's `urls` (`public` only for public URL-sourced specs).
 */
export function serializeOpenAPIContent(spec: OpenAPISpecRow, version: OpenAPIVersionContentRow) {
  const { url } = serializeOpenAPIVersion(spec, version)
  return {
    filesystem: { [`openapi.${version.format}`]: JSON.parse(version.document) },
    url,
    urls: {
      source: url,
      public: spec.visibility === 'public' && version.source_url ? version.source_url : null,
    },
  }
}

/** GitBook's OpenAPISpecRawContent: the text as uploaded. */
export function serializeOpenAPIRaw(version: OpenAPIVersionContentRow) {
  return { text: version.raw, format: version.format }
}
