/**
 * Content fixtures shared by the content, change-request and unit tests: authoring changes as a
 * client sends them, and GitBook JSON documents as a GitBook client writes them (no keys, `data`
 * on blocks).
 */
import type { InsertFilesChange, InsertPageChange } from '#content/changes'
import { createCaller } from '#tests/helpers/callers'
import { gitbookClient } from '#tests/helpers/gitbook_client'

/** A 1×1 transparent PNG. */
export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/** An `insert_page` change whose document is `markdown`; `fields` are ref, into, title, slug… */
export function insertPage(
  markdown: string,
  fields: Omit<InsertPageChange, 'operation' | 'document'> = {}
): InsertPageChange {
  return { operation: 'insert_page', ...fields, document: { markdown } }
}

/** An `insert_files` change of 1×1 PNGs, each referred to by its name. */
export function insertPngs(...names: string[]): InsertFilesChange {
  return {
    operation: 'insert_files',
    files: names.map((name) => ({ ref: name, name, contentType: 'image/png', base64: PNG_1X1 })),
  }
}

export function jsonDocument(...nodes: unknown[]) {
  return { object: 'document', data: {}, nodes }
}

export function jsonText(value: string, ...marks: string[]) {
  return {
    object: 'text',
    leaves: [
      { object: 'leaf', text: value, marks: marks.map((type) => ({ object: 'mark', type })) },
    ],
  }
}

/** A block node of `type` (paragraph, heading-1, list-item…). */
export function jsonBlock(type: string, nodes: unknown[], data: Record<string, unknown> = {}) {
  return { object: 'block', type, data, nodes }
}

export function jsonParagraph(...nodes: unknown[]) {
  return jsonBlock('paragraph', nodes)
}

/** An `images` block holding one image of `ref` (a file or URL reference). */
export function jsonImages(ref: unknown, alt: string, fragments: unknown[] = []) {
  return {
    object: 'block',
    type: 'images',
    data: {},
    isVoid: false,
    nodes: [{ object: 'block', type: 'image', isVoid: true, data: { ref, alt }, fragments }],
  }
}

/** Every leaf's text of a JSON document, in order. */
export function jsonTexts(document: unknown): string {
  const out: string[] = []
  JSON.stringify(document, (_key, value) => {
    if (value && value.object === 'leaf') out.push(value.text)
    return value
  })
  return out.join('')
}

/** Every link's `data.ref` of a JSON document, in order. */
export function jsonLinkRefs(document: unknown): unknown[] {
  const out: unknown[] = []
  JSON.stringify(document, (_key, value) => {
    if (value && value.object === 'inline' && value.type === 'link') out.push(value.data.ref)
    return value
  })
  return out
}

/**
 * A new organization's admin with GitBook's own client (`api`), a space created through it and a
 * change request open on the space.
 */
export async function clientChangeRequest(spaceTitle: string, subject: string) {
  const admin = await createCaller()
  const api = gitbookClient(admin.token)
  const { data: space } = await api.orgs.createSpace(admin.organizationId, { title: spaceTitle })
  const { data: changeRequest } = await api.spaces.createChangeRequest(space.id, { subject })
  return { admin, api, space, changeRequest }
}
