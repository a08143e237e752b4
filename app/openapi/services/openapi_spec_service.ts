import db from '@adonisjs/lucid/services/db'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import { DateTime } from 'luxon'
import { ConflictException, NotFoundException } from '#core/exceptions/api_exceptions'
import { paginate, type ListQuery } from '#core/http/pagination'
import type { OrganizationAccess } from '#organizations/organization_access'
import OpenAPISpec, { type OpenAPISpecVisibility } from '#openapi/models/openapi_spec'
import OpenAPISpecVersion from '#openapi/models/openapi_spec_version'
import { readSource, type OpenAPISource } from '#openapi/services/openapi_source'
import type { ParsedOpenAPI } from '#openapi/services/openapi_document'
import { findOperation } from '#openapi/services/operation_html'
import type { OpenAPISpecRow, OpenAPIVersionContentRow, OpenAPIVersionRow } from '#openapi/records'

/** GitBook's OpenAPISpecSlug. */
export const SPEC_SLUG = /^[a-zA-Z0-9]+(?:-[a-zA-Z0-9]+)*$/
export const MAX_SLUG_LENGTH = 100

const SPEC_COLUMNS = [
  'id',
  'organization_id',
  'slug',
  'source_url',
  'visibility',
  'last_version_id',
  'version_count',
  'last_processed_at',
  'created_at',
  'updated_at',
]
const VERSION_COLUMNS = ['id', 'spec_id', 'number', 'source_url', 'format', 'created_at']

/**
 * OpenAPI specifications of an organization and their versions. Every lookup is scoped to the
 * organization (another organization's slugs are unknown here); authorization is the policy's.
 *
 * Version semantics: an upload (POST, PUT, or a PUT with the same URL to refresh it) whose raw
 * document differs from the newest version's adds a version numbered one above it; the same bytes
 * add nothing. `latest` is always the highest number. Documents are read, fetched and validated
 * before any transaction opens, so a refused upload writes nothing.
 */
export default class OpenAPISpecService {
  async list(access: OrganizationAccess, query: ListQuery) {
    const builder = db
      .from('openapi_specs')
      .where('organization_id', access.organization.id)
      .select(SPEC_COLUMNS)
    return paginate<OpenAPISpecRow>(builder, {
      ...query,
      order: [
        { column: 'created_at', key: 'created_at' },
        { column: 'id', key: 'id' },
      ],
    })
  }

  async find(access: OrganizationAccess, slug: string): Promise<OpenAPISpecRow> {
    const row = await this.findOrNull(access.organization.id, slug)
    if (!row) throw notFound(slug)
    return row
  }

  async findOrNull(
    organizationId: string,
    slug: string,
    client: TransactionClientContract | typeof db = db
  ): Promise<OpenAPISpecRow | null> {
    if (!isSpecSlug(slug)) return null
    const row = await client
      .from('openapi_specs')
      .where('organization_id', organizationId)
      .where('slug', slug)
      .select(SPEC_COLUMNS)
      .first()
    return row ?? null
  }

  /** POST: a new specification with its first version; an existing slug is a 409. */
  async create(access: OrganizationAccess, slug: string, source: OpenAPISource) {
    if (await this.findOrNull(access.organization.id, slug)) throw taken(slug)
    const parsed = await readSource(source)
    try {
      await db.transaction(async (trx) => {
        const spec = await OpenAPISpec.create(
          {
            organizationId: access.organization.id,
            slug,
            sourceUrl: parsed.url ?? null,
            visibility: 'private',
            versionCount: 0,
          },
          { client: trx }
        )
        await this.addVersion(trx, spec, parsed)
      })
    } catch (error) {
      // Another request created the same slug meanwhile (the unique index).
      if (await this.findOrNull(access.organization.id, slug)) throw taken(slug)
      throw error
    }
    return this.find(access, slug)
  }

  /**
   * PUT: creates the specification, or gives it a new version when the document changed. Sending
   * a specification's URL again is how it is refreshed. `created` tells 201 from 200.
   */
  async createOrUpdate(access: OrganizationAccess, slug: string, source: OpenAPISource) {
    if (!(await this.findOrNull(access.organization.id, slug))) {
      try {
        return { spec: await this.create(access, slug, source), created: true }
      } catch (error) {
        if (!(error instanceof ConflictException)) throw error
      }
    }
    const parsed = await readSource(source)
    await db.transaction(async (trx) => {
      const spec = await OpenAPISpec.query({ client: trx })
        .where('organization_id', access.organization.id)
        .where('slug', slug)
        .forUpdate()
        .first()
      if (!spec) throw notFound(slug)
      spec.sourceUrl = parsed.url ?? null
      const latest = spec.lastVersionId
        ? await trx.from('openapi_spec_versions').where('id', spec.lastVersionId).first()
        : null
      if (latest?.digest === parsed.digest) {
        spec.lastProcessedAt = DateTime.utc()
        await spec.save()
        return
      }
      await this.addVersion(trx, spec, parsed)
    })
    return { spec: await this.find(access, slug), created: false }
  }

  /** PATCH: the visibility. */
  async setVisibility(access: OrganizationAccess, slug: string, visibility: OpenAPISpecVisibility) {
    const row = await this.find(access, slug)
    const spec = await OpenAPISpec.findOrFail(row.id)
    spec.visibility = visibility
    await spec.save()
    return this.find(access, slug)
  }

  /** DELETE: the specification and its versions; false when there was none (GitBook's 204). */
  async delete(access: OrganizationAccess, slug: string): Promise<boolean> {
    const row = await this.findOrNull(access.organization.id, slug)
    if (!row) return false
    await db.transaction(async (trx) => {
      await trx.from('openapi_spec_versions').where('spec_id', row.id).delete()
      await trx.from('openapi_specs').where('id', row.id).delete()
    })
    return true
  }

  /** Versions, newest first, one keyset page at a time. */
  async versions(spec: OpenAPISpecRow, query: ListQuery) {
    const builder = db
      .from('openapi_spec_versions')
      .where('spec_id', spec.id)
      .select(VERSION_COLUMNS)
    return paginate<OpenAPIVersionRow>(builder, {
      ...query,
      order: [{ column: 'number', key: 'number' }],
      direction: 'desc',
    })
  }

  /** One version by id, or the newest for `latest`. */
  async version(spec: OpenAPISpecRow, versionId: string): Promise<OpenAPIVersionRow> {
    return this.versionWith(spec, versionId, VERSION_COLUMNS)
  }

  /** One version with its documents. */
  async versionContent(spec: OpenAPISpecRow, versionId: string): Promise<OpenAPIVersionContentRow> {
    return this.versionWith(spec, versionId, [...VERSION_COLUMNS, 'raw', 'document'])
  }

  /**
   * What the organization's specifications say of operations (`{% openapi-operation %}` blocks of
   * a page): the latest version's number and the operation's summary, or nulls when the spec or
   * the operation is unknown.
   */
  async describeOperations(
    organizationId: string,
    refs: Array<{ spec: string; path: string; method: string }>
  ) {
    const slugs = [...new Set(refs.map((ref) => ref.spec))]
    const rows: Array<{ slug: string; number: number; document: string }> =
      slugs.length === 0
        ? []
        : await db
            .from('openapi_specs as s')
            .join('openapi_spec_versions as v', 'v.id', 's.last_version_id')
            .where('s.organization_id', organizationId)
            .whereIn('s.slug', slugs)
            .select('s.slug', 'v.number', 'v.document')
    const latest = new Map(
      rows.map((row) => [row.slug, { number: row.number, document: JSON.parse(row.document) }])
    )
    return refs.map((ref) => {
      const version = latest.get(ref.spec)
      const operation = version ? findOperation(version.document, ref) : undefined
      return {
        ...ref,
        version: version?.number ?? null,
        summary: operation ? String(operation.summary ?? operation.operationId ?? '') : null,
      }
    })
  }

  private async versionWith<Row>(spec: OpenAPISpecRow, versionId: string, columns: string[]) {
    const id = versionId === 'latest' ? spec.last_version_id : versionId
    const row = id
      ? await db
          .from('openapi_spec_versions')
          .where('spec_id', spec.id)
          .where('id', id)
          .select(columns)
          .first()
      : null
    if (!row) {
      throw new NotFoundException(
        `No version "${versionId.slice(0, 64)}" of the OpenAPI specification "${spec.slug}" could be found`
      )
    }
    return row as Row
  }

  private async addVersion(
    trx: TransactionClientContract,
    spec: OpenAPISpec,
    parsed: ParsedOpenAPI & { url?: string }
  ) {
    const version = await OpenAPISpecVersion.create(
      {
        specId: spec.id,
        number: spec.versionCount + 1,
        sourceUrl: parsed.url ?? null,
        format: parsed.format,
        digest: parsed.digest,
        raw: parsed.raw,
        document: JSON.stringify(parsed.document),
      },
      { client: trx }
    )
    spec.useTransaction(trx)
    spec.versionCount = version.number
    spec.lastVersionId = version.id
    spec.lastProcessedAt = version.createdAt
    await spec.save()
  }
}

export function isSpecSlug(value: string) {
  return value.length <= MAX_SLUG_LENGTH && SPEC_SLUG.test(value)
}

function notFound(slug: string) {
  return new NotFoundException(
    `No OpenAPI specification with slug "${slug.slice(0, 64)}" could be found`
  )
}

function taken(slug: string) {
  return new ConflictException(`An OpenAPI specification with slug "${slug}" already exists`)
}
