import vine from '@vinejs/vine'
import { listQuery } from '#core/http/pagination'
import { maxCharacters } from '#core/http/validation'
import { siteCondition } from '#sites/conditions'
import type { FieldContext } from '@vinejs/vine/types'
import {
  AGENTS_CONTEXTS,
  NEW_SPACE_KINDS,
  SITE_TYPES,
  SITE_VISIBILITIES,
  type NewSpaceKind,
} from '#sites/records'

/** Every length below counts characters (code points), as GitBook's schema does. */
const text = (min: number, max: number) =>
  vine.string().trim().minLength(min).use(maxCharacters({ max }))

const id = () => vine.string().trim().minLength(1).maxLength(64)
const icon = () => text(1, 50)
const condition = () =>
  vine
    .string()
    .minLength(1)
    .use(maxCharacters({ max: 1024 }))
    .use(siteCondition())

/** GitBook's SiteProxyOrigin: a host and one or more path segments, no scheme (company.com/docs). */
const PROXY = /^([\w-]+\.)*[\w-]+\.[a-zA-Z]{2,}(\/[\w-]+)+$/
/** GitBook's SiteHostname: two or more dot-terminated labels, then a last label. */
const HOSTNAME = /^([a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?[.]){2,}[a-z0-9][a-z0-9-]{0,61}[a-z0-9]$/

/**
 * `spaces` of POST /sites: at most 100 space ids, or one of NEW_SPACE_KINDS.
 */
const spacesToPublish = vine.createRule(
  (value: unknown, _options: undefined, field: FieldContext) => {
    const ids =
      Array.isArray(value) &&
      value.length <= 100 &&
      value.every((item) => typeof item === 'string' && item.length > 0 && item.length <= 64)
    if (!ids && !NEW_SPACE_KINDS.includes(value as NewSpaceKind)) {
      field.report(
        `The {{ field }} field must be a list of at most 100 space ids, or one of ${NEW_SPACE_KINDS.join(', ')}`,
        'spaces',
        field
      )
    }
  }
)

export const listSitesQueryValidator = vine.compile(
  vine.object({
    ...listQuery,
    space: id().optional(),
    title: vine.string().trim().maxLength(128).optional(),
    published: vine.boolean().optional(),
  })
)

/**
 * POST /sites: `spaces` is a list of the organization's space ids, or "sample"/"empty" for a new
 * space.
 */
export const createSiteValidator = vine.compile(
  vine.object({
    type: vine.enum(SITE_TYPES).optional(),
    title: text(2, 128).optional(),
    visibility: vine.enum(SITE_VISIBILITIES).optional(),
    spaces: vine
      .any()
      .use(spacesToPublish())
      .optional()
      .transform((value) => value as string[] | NewSpaceKind),
  })
)

export const NULLABLE_SITE_FIELDS = ['proxy', 'hostname'] as const
export const UNSUPPORTED_SITE_FIELDS = ['styleguide'] as const

export const updateSiteValidator = vine.compile(
  vine.object({
    title: text(2, 128).optional(),
    visibility: vine.enum(SITE_VISIBILITIES).optional(),
    basename: vine
      .string()
      .trim()
      .minLength(1)
      .use(maxCharacters({ max: 100 }))
      .regex(/^[^/?#\s]+$/)
      .optional(),
    hostname: vine
      .string()
      .trim()
      .toLowerCase()
      .maxLength(512)
      .regex(HOSTNAME)
      .nullable()
      .optional(),
    adaptiveContent: vine.object({ enabled: vine.boolean({ strict: true }) }).optional(),
    agentsContext: vine.enum(AGENTS_CONTEXTS).optional(),
    defaultLevel: vine.enum(['inherit'] as const).optional(),
    defaultSiteSpace: id().optional(),
    defaultSiteSection: id().optional(),
    proxy: vine.string().trim().maxLength(512).regex(PROXY).nullable().optional(),
  })
)

export const adaptiveSchemaValidator = vine.compile(
  vine.object({ jsonSchema: vine.object({}).allowUnknownProperties() })
)

export const siteSectionsQueryValidator = vine.compile(
  vine.object({ ...listQuery, shareKey: vine.string().maxLength(128).optional() })
)

export const siteSpacesQueryValidator = vine.compile(
  vine.object({
    ...listQuery,
    shareKey: vine.string().maxLength(128).optional(),
    default: vine.boolean().optional(),
  })
)

export const shareKeyQueryValidator = vine.compile(
  vine.object({ shareKey: vine.string().maxLength(128).optional() })
)

export const NULLABLE_SECTION_CREATE_FIELDS = ['spaceId', 'title', 'icon'] as const

export const addSectionValidator = vine.compile(
  vine.object({
    spaceId: id().nullable(),
    title: text(2, 128).nullable().optional(),
    icon: icon().nullable().optional(),
    siteSectionGroupId: id().optional(),
  })
)

export const NULLABLE_SECTION_FIELDS = [
  'condition',
  'icon',
  'description',
  'siteSectionGroupId',
] as const

export const updateSectionValidator = vine.compile(
  vine.object({
    title: text(2, 128).optional(),
    path: text(1, 100)
      .regex(/^[^/?#\s]+$/)
      .optional(),
    defaultSiteSpace: id().optional(),
    condition: condition().nullable().optional(),
    icon: icon().nullable().optional(),
    description: vine
      .string()
      .trim()
      .use(maxCharacters({ max: 256 }))
      .nullable()
      .optional(),
    siteSectionGroupId: id().nullable().optional(),
  })
)

const sectionPointer = () =>
  vine.object({ type: vine.enum(['site-section'] as const), siteSection: id() })
const siteSpacePointer = () =>
  vine.object({ type: vine.enum(['site-space'] as const), siteSpace: id() })

export const moveSectionValidator = vine.compile(
  vine.object({
    position: vine
      .object({
        before: sectionPointer().optional(),
        after: sectionPointer().optional(),
      })
      .optional(),
  })
)

const groupPointer = () =>
  vine.object({ type: vine.enum(['site-section', 'site-section-group'] as const), id: id() })

export const moveSectionGroupValidator = vine.compile(
  vine.object({
    position: vine
      .object({ before: groupPointer().optional(), after: groupPointer().optional() })
      .optional(),
  })
)

export const moveSiteSpaceValidator = vine.compile(
  vine.object({
    position: vine
      .object({
        before: siteSpacePointer().optional(),
        after: siteSpacePointer().optional(),
      })
      .optional(),
  })
)

const STRUCTURE_TYPES = ['site-space', 'site-section', 'site-section-group'] as const
const structurePointer = () => vine.object({ type: vine.enum(STRUCTURE_TYPES), id: id() })

export const sortStructureValidator = vine.compile(
  vine.object({
    item: structurePointer(),
    position: vine
      .object({ before: structurePointer().optional(), after: structurePointer().optional() })
      .optional(),
  })
)

export const addSectionGroupValidator = vine.compile(
  vine.object({
    title: text(1, 100),
    icon: icon().nullable().optional(),
    sections: vine.array(id()).maxLength(1000).optional(),
  })
)

export const updateSectionGroupValidator = vine.compile(
  vine.object({ title: text(1, 100).optional(), icon: icon().nullable().optional() })
)

export const groupSectionValidator = vine.compile(vine.object({ sectionId: id() }))

export const addSiteSpaceValidator = vine.compile(
  vine.object({
    spaceId: id().nullable(),
    sectionId: id().optional(),
    title: text(2, 128).optional(),
  })
)

export const NULLABLE_SITE_SPACE_FIELDS = ['condition', 'title'] as const

export const updateSiteSpaceValidator = vine.compile(
  vine.object({
    path: text(1, 100)
      .regex(/^[^/?#\s]+$/)
      .optional(),
    condition: condition().nullable().optional(),
    hidden: vine.boolean({ strict: true }).optional(),
    spaceId: id().optional(),
    title: text(2, 128).nullable().optional(),
  })
)

export const createShareLinkValidator = vine.compile(vine.object({ name: text(1, 50) }))

export const updateShareLinkValidator = vine.compile(
  vine.object({ name: text(1, 50).optional(), active: vine.boolean({ strict: true }).optional() })
)

const optionalUrl = () =>
  vine
    .string()
    .trim()
    .maxLength(2048)
    .url({ require_tld: false, protocols: ['http', 'https'] })
    .nullable()
    .optional()

export const NULLABLE_PUBLISHING_AUTH_FIELDS = ['fallbackURL', 'logoutURL'] as const

export const updatePublishingAuthValidator = vine.compile(
  vine.object({
    backend: vine.enum(['custom', 'integration'] as const),
    fallbackURL: optionalUrl(),
    logoutURL: optionalUrl(),
  })
)

export const publishedUrlQueryValidator = vine.compile(
  vine.object({
    url: vine.string().trim().minLength(1).maxLength(2048),
    visitorAuthToken: vine.string().maxLength(8192).optional(),
    redirectOnError: vine.boolean().optional(),
  })
)

const siteSpaceIds = vine.array(vine.string().maxLength(64)).minLength(1).maxLength(1000)

/**
 * POST /sites/{siteId}/search: `query` and where to search (`scope`, or the deprecated `mode` with
 * `siteSpaceId`/`siteSpaceIds`); everywhere by default.
 */
export const siteSearchValidator = vine.compile(
  vine.object({
    query: vine
      .string()
      .minLength(1)
      .use(maxCharacters({ max: 512 })),
    scope: vine
      .object({
        mode: vine.enum(['all', 'default', 'specific'] as const),
        currentSiteSpace: vine.string().maxLength(64).optional(),
        restrictTo: vine.enum(['currentSiteSpace', 'otherSiteSpaces'] as const).optional(),
        siteSpaceIds: siteSpaceIds.clone().optional().requiredWhen('mode', '=', 'specific'),
      })
      .optional(),
    mode: vine.enum(['all', 'current', 'specific'] as const).optional(),
    siteSpaceId: vine.string().maxLength(64).optional(),
    siteSpaceIds: siteSpaceIds.clone().optional(),
  })
)
