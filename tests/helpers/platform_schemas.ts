/**
 * Responses of platform operations that @gitbook/api (0.202.0) does not document, as JSON Schemas
 * written from the platform document (`shared/spec/platform-api.md`). `$ref`s point into the
 * OpenAPI document's components (contract.ts resolves them). Keys: `METHOD template status`.
 */

/** GitBook ContentRef shapes a link target takes. */
const TARGET_REFERENCE = {
  oneOf: [
    { $ref: '#/components/schemas/ContentRefURL' },
    { $ref: '#/components/schemas/ContentRefFile' },
    { $ref: '#/components/schemas/ContentRefAnchor' },
    { $ref: '#/components/schemas/ContentRefPage' },
  ],
}

/** Platform "Link listing item": `status`, `relation`, `targetReference`, `locationReferences`. */
const LINK_LISTING_ITEM = {
  type: 'object',
  required: ['status', 'relation', 'targetReference', 'locationReferences'],
  additionalProperties: false,
  properties: {
    status: { enum: ['ok', 'broken', 'in-app'] },
    relation: { type: 'string', enum: ['reference', 'embed'] },
    targetReference: TARGET_REFERENCE,
    locationReferences: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        required: ['kind', 'page'],
        additionalProperties: false,
        properties: { kind: { const: 'page' }, page: { type: 'string', minLength: 1 } },
      },
    },
  },
}

const COUNT = { type: 'integer', minimum: 0 }

/** A link listing: the List envelope plus `stats` {`total`, `broken` {`total`, `changeRequest`}}. */
const LINK_LISTING = {
  allOf: [
    { $ref: '#/components/schemas/List' },
    {
      type: 'object',
      required: ['items', 'count', 'stats'],
      properties: {
        items: { type: 'array', items: LINK_LISTING_ITEM },
        count: COUNT,
        stats: {
          type: 'object',
          required: ['total', 'broken'],
          additionalProperties: false,
          properties: {
            total: COUNT,
            broken: {
              type: 'object',
              required: ['total', 'changeRequest'],
              additionalProperties: false,
              properties: { total: COUNT, changeRequest: COUNT },
            },
          },
        },
      },
    },
  ],
}

/**
 * Platform "Backlink item": `kind`, `organization`, `space`, `versionContext` {`type`, `revision`},
 * `file`; Bindery adds `page` (the page that links to or embeds the file), as GitBook's
 * ContentLocationPage names it.
 */
const BACKLINK_ITEM = {
  type: 'object',
  required: ['kind', 'organization', 'space', 'versionContext', 'file', 'page'],
  additionalProperties: false,
  properties: {
    kind: { const: 'page' },
    organization: { type: 'string', minLength: 1 },
    space: { type: 'string', minLength: 1 },
    versionContext: {
      type: 'object',
      required: ['type', 'revision'],
      additionalProperties: false,
      properties: { type: { const: 'revision' }, revision: { type: 'string', minLength: 1 } },
    },
    file: { type: 'string', minLength: 1 },
    page: { type: 'string', minLength: 1 },
  },
}

const BACKLINK_LIST = {
  allOf: [
    { $ref: '#/components/schemas/List' },
    {
      type: 'object',
      required: ['items', 'count'],
      properties: { items: { type: 'array', items: BACKLINK_ITEM }, count: COUNT },
    },
  ],
}

const GROUP = '/orgs/{organizationId}/sites/{siteId}/section-groups/{siteSectionGroupId}'

const S = '/spaces/{spaceId}'
const CR = '/spaces/{spaceId}/change-requests/{changeRequestId}'

/**
 * Operations of the platform document missing from @gitbook/api, by path template: their 200
 * schemas (null: no body, 205). Their errors are held to the OpenAPI `Error` schema.
 */
export const PLATFORM_OPERATIONS: Record<string, Record<string, () => unknown>> = {
  [`${S}/links`]: { GET: () => LINK_LISTING },
  [`${CR}/links`]: { GET: () => LINK_LISTING },
  [`${S}/content/page/{pageId}/links`]: { GET: () => LINK_LISTING },
  [`${CR}/content/page/{pageId}/links`]: { GET: () => LINK_LISTING },
  [`${S}/content/files/{fileId}/backlinks`]: { GET: () => BACKLINK_LIST },
  [`${CR}/content/files/{fileId}/backlinks`]: { GET: () => BACKLINK_LIST },
  // Adding a section to a group answers the group (201); taking one out answers 205.
  [`${GROUP}/sections`]: { POST: () => ({ $ref: '#/components/schemas/SiteSectionGroup' }) },
  [`${GROUP}/sections/{siteSectionId}`]: { DELETE: () => null },
}
