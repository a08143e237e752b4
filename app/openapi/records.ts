import type { OpenAPISpecVisibility } from '#openapi/models/openapi_spec'
import type { OpenAPIFormat } from '#openapi/models/openapi_spec_version'

/** An openapi_specs row as the query builder reads it. */
export type OpenAPISpecRow = {
  id: string
  organization_id: string
  slug: string
  source_url: string | null
  visibility: OpenAPISpecVisibility
  last_version_id: string | null
  version_count: number
  last_processed_at: unknown
  created_at: unknown
  updated_at: unknown
}

/** An openapi_spec_versions row without its documents (lists, records). */
export type OpenAPIVersionRow = {
  id: string
  spec_id: string
  number: number
  source_url: string | null
  format: OpenAPIFormat
  created_at: unknown
}

/** A version with its documents (content reads). */
export type OpenAPIVersionContentRow = OpenAPIVersionRow & { raw: string; document: string }
