import vine from '@vinejs/vine'
import { listQuery } from '#core/http/pagination'
import { IMPORT_RUN_STATUSES } from '#content/import/import_run_service'

const id = () => vine.string().trim().minLength(1).maxLength(64)

/**
 * The website a run imports: `{type: 'website', url}` (GitBook's ContentImportSource; its `file`
 * kind is not supported here).
 */
export const importUrl = () =>
  vine
    .string()
    .trim()
    .maxLength(2048)
    .url({ protocols: ['http', 'https'], require_protocol: true, require_tld: false })

/**
 * POST /v1/org/{organizationId}/imports (startImportRun). `target.page` (import under a page) is
 * not supported (ignored: pages go to the root); `site` and `enhance` are accepted and have no
 * effect here.
 */
export const startImportRunValidator = vine.compile(
  vine.object({
    source: vine.object({
      type: vine.enum(['website'] as const),
      url: importUrl(),
    }),
    target: vine.object({
      space: id(),
      changeRequest: id().optional(),
    }),
    site: id().optional(),
    enhance: vine.boolean().optional(),
  })
)

/** GET /v1/org/{organizationId}/imports (listImportRuns). */
export const listImportRunsValidator = vine.compile(
  vine.object({
    space: id().optional(),
    changeRequest: id().optional(),
    status: vine.enum(['active', ...IMPORT_RUN_STATUSES] as const).optional(),
    ...listQuery,
  })
)
