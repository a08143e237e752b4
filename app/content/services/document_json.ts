import { LRUCache } from 'lru-cache'
import type { Root } from 'mdast'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import logger from '@adonisjs/core/services/logger'
import { markdownToDocument } from '#content/markdown/document'
import type ContentStore from '#content/services/content_store'
import { hashObject, type StoredObject } from '#content/services/content_store'
import { deriveStored, OFF_LOOP_CHARACTERS } from '#content/services/page_derivation'

/**
 * What markdownToDocument answers, as a version: stored JSON documents are addressed by it. Raise
 * it whenever the converter answers differently for some markdown; documents stored by the older
 * converter are then converted again on their first read (and stored under the new address), and
 * the old objects are left unread. tests/unit/content/document_json.spec.ts fails until it is
 * raised.
 */
export const DOCUMENT_JSON_VERSION = 1

/**
 * GitBook's JSON document of a page (what `format=document` reads answer) is converted from the
 * stored markdown once, when the document is written, and stored beside it as a `json` object
 * whose address derives from the document's hash and the converter's version. A cold read then
 * reads that text and sends it as it is: no markdown parsed, no JSON parsed or serialized again.
 * Documents written before (or by an older converter) are converted on their first read, and the
 * result is stored then.
 */
export function documentJsonKey(documentHash: string): string {
  return hashObject('json', `${DOCUMENT_JSON_VERSION}:${documentHash}`)
}

/** The JSON text of a markdown document's conversion. `parsed`: its parse, when there is one. */
export function convertToJson(markdown: string, parsed?: Root): string {
  return JSON.stringify(markdownToDocument(markdown, {}, parsed))
}

/**
 * JSON texts by document hash (the conversion of the same markdown in any space, or of a comment).
 * They never change, so every process may keep them: bounded by characters, not entries, since a
 * page may be 1,000,000 characters of markdown.
 */
const texts = new LRUCache<string, string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (text) => text.length + 64,
})

/**
 * First reads in progress, by document hash: requests asking for the same document at the same
 * time share one read (and one conversion). A plain map rather than lru-cache's `fetch`, which
 * costs an AbortController per miss: measurable on the cold-read path, where every read misses.
 */
const reading = new Map<string, Promise<string>>()

async function loadJson(
  store: ContentStore,
  client: QueryClientContract,
  spaceId: string,
  documentHash: string
) {
  const key = documentJsonKey(documentHash)
  const stored = await store.readObjects(client, spaceId, [key])
  const found = stored.get(key)
  if (found !== undefined) return found
  const markdown = await store.readDocument(client, spaceId, documentHash)
  // A long document (imported, or stored before JSON documents were) converts in a worker thread.
  const derived = await deriveStored(markdown)
  const text = derived?.json ?? convertToJson(markdown)
  try {
    await store.writeObjects(client, spaceId, [{ kind: 'json', hash: key, body: text }])
  } catch (error) {
    // The read answers anyway; the next cold read converts again.
    logger.warn({ err: error, spaceId, documentHash }, 'could not store a converted document')
  }
  return text
}

/**
 * The stored object of a document's JSON conversion, written with the document. (It is not kept in
 * memory here: the first read in each process takes it from the database, as after a restart.)
 */
export function documentJsonObject(
  documentHash: string,
  markdown: string,
  parsed?: Root
): StoredObject {
  return {
    kind: 'json',
    hash: documentJsonKey(documentHash),
    body: convertToJson(markdown, parsed),
  }
}

/** The stored object of a JSON conversion made elsewhere (a worker thread's DerivedDocument). */
export function documentJsonObjectOf(documentHash: string, json: string): StoredObject {
  return { kind: 'json', hash: documentJsonKey(documentHash), body: json }
}

/**
 * The JSON text of a document of the space: from memory, else its stored `json` object, else
 * converted from the stored markdown and stored.
 */
export function readDocumentJson(
  store: ContentStore,
  client: QueryClientContract,
  spaceId: string,
  documentHash: string
): Promise<string> {
  const cached = texts.get(documentHash)
  if (cached !== undefined) return Promise.resolve(cached)
  let pending = reading.get(documentHash)
  if (!pending) {
    pending = loadJson(store, client, spaceId, documentHash)
      .then((text) => {
        texts.set(documentHash, text)
        return text
      })
      .finally(() => reading.delete(documentHash))
    reading.set(documentHash, pending)
  }
  return pending
}

/**
 * Converts, in a worker thread, the long ones among markdown texts that are not stored documents
 * (comment bodies) and caches them for convertedJson: a synchronous serializer then finds them.
 */
export async function prepareConvertedJson(markdown: string[]): Promise<void> {
  await Promise.all(
    markdown.map(async (text) => {
      if (text.length < OFF_LOOP_CHARACTERS) return
      const hash = hashObject('document', text)
      if (texts.has(hash)) return
      const derived = await deriveStored(text)
      if (derived) texts.set(hash, derived.json)
    })
  )
}

/** The JSON text of markdown that is not a stored document (comment bodies), by its hash. */
export function convertedJson(documentHash: string, markdown: string): string {
  let text = texts.get(documentHash)
  if (text === undefined) {
    text = convertToJson(markdown)
    texts.set(documentHash, text)
  }
  return text
}
