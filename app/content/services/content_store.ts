import { createHash, hash as hashOnce } from 'node:crypto'
import { LRUCache } from 'lru-cache'
import type { QueryClientContract } from '@adonisjs/lucid/types/database'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { isoTimestamp } from '#core/database/timestamps'
import { parseJson } from '#core/database/columns'
import { chunks, chunksBySize, WHERE_IN_CHUNK } from '#core/database/chunks'
import { paceLoop, yieldToEventLoop } from '#core/event_loop'
import { prepared } from '#core/database/prepared_statements'
import { hotRows } from '#core/database/hot_reads'
import { PageIndex } from '#content/services/page_index'
import type {
  FileEntry,
  PageNode,
  ReusableContentEntry,
  RevisionTree,
  TreePage,
} from '#content/types'

/**
 * `links` (a document's link facts, document_facts.ts) and `json` (its GitBook JSON document,
 * document_json.ts) are derived from a document and addressed by its hash.
 */
export type ObjectKind = 'root' | 'page' | 'document' | 'files' | 'links' | 'json'

/** The root object of a revision: top-level pages, the file list, reusable contents, variables. */
export interface RootObject {
  pages: string[]
  files: string | null
  reusableContents: ReusableContentEntry[]
  variables: Record<string, string>
}

export interface StoredObject {
  kind: ObjectKind
  hash: string
  body: string
}

const READ_ONE_SQL = 'SELECT hash, body FROM content_objects WHERE space_id = ? AND hash = ?'

/** Bodies up to this many characters are hashed in one call (no Hash object: cheaper). */
const ONE_SHOT_HASH_CHARACTERS = 64 * 1024

export function hashObject(kind: ObjectKind, body: string): string {
  if (body.length <= ONE_SHOT_HASH_CHARACTERS) return hashOnce('sha256', `${kind}\0${body}`, 'hex')
  return createHash('sha256').update(kind).update('\0').update(body).digest('hex')
}

export function makeObject(kind: ObjectKind, value: unknown): StoredObject {
  const body = typeof value === 'string' ? value : JSON.stringify(value)
  return { kind, hash: hashObject(kind, body), body }
}

const EMPTY_ROOT: RootObject = { pages: [], files: null, reusableContents: [], variables: {} }

/** Rows of one insert (four columns each): well under SQLite's bound-variable limit. */
const INSERT_CHUNK = 100
/** Characters of object bodies in one INSERT (see chunksBySize). */
const STATEMENT_CHARS = 1_000_000

interface TreeLoad {
  store: ContentStore
  client: QueryClientContract
  spaceId: string
  revisionId: string
}

/*
 * Revisions, page nodes and documents never change once written, so caching them in process memory
 * is safe with any number of processes: a cache can only be cold, never stale. Keys carry the space.
 */
const trees = new LRUCache<string, RevisionTree, TreeLoad>({
  // Pages over all cached trees: about ten revisions of a 5,000-page space (revisions written here
  // share the unchanged pages of their parent, so they take less than they count).
  maxSize: 50_000,
  sizeCalculation: (tree) => tree.byId.size + 1,
  // A tree being loaded is loaded once however many requests ask for it (lru-cache's fetch); a
  // load that is evicted or replaced meanwhile still answers its waiters.
  ignoreFetchAbort: true,
  fetchMethod: (_key, _stale, { context }) =>
    context.store.readTree(context.client, context.spaceId, context.revisionId),
})
const nodes = new LRUCache<string, PageNode>({ max: 100_000 })
const documents = new LRUCache<string, string>({
  maxSize: 32 * 1024 * 1024,
  sizeCalculation: (markdown) => markdown.length * 2 + 64,
})
const fileLists = new LRUCache<string, FileEntry[]>({ max: 2_000 })

/**
 * Reads and writes the content-addressed objects of a space's revisions. Everything takes the query
 * client to run on, so reads inside an authoring transaction see that transaction.
 */
export default class ContentStore {
  /**
   * The revision `revisionId` of the space with its whole page tree (documents are read on demand).
   * A revision of another space is not found.
   */
  async loadTree(
    client: QueryClientContract,
    spaceId: string,
    revisionId: string
  ): Promise<RevisionTree> {
    const key = `${spaceId}:${revisionId}`
    if (client.isTransaction) {
      // A transaction loads on its own client and joins no shared load: it may read a revision
      // it wrote itself, and on SQLite it holds the only connection a shared load would wait for.
      const cached = trees.get(key)
      if (cached) return cached
      const tree = await this.readTree(client, spaceId, revisionId)
      trees.set(key, tree)
      return tree
    }
    const cached = trees.get(key)
    if (cached) return cached
    const tree = await trees.fetch(key, { context: { store: this, client, spaceId, revisionId } })
    if (!tree) throw new Error(`Revision ${revisionId} of space ${spaceId} could not be loaded`)
    return tree
  }

  /** Reads a revision and its page tree from the database (node objects from the cache). */
  async readTree(
    client: QueryClientContract,
    spaceId: string,
    revisionId: string
  ): Promise<RevisionTree> {
    const row = await client
      .from('revisions')
      .where('id', revisionId)
      .where('space_id', spaceId)
      .select('id', 'space_id', 'parent_id', 'parents', 'type', 'root', 'created_at')
      .first()
    if (!row) throw NotFoundException.resource('revision', revisionId)
    const root: RootObject = row.root
      ? JSON.parse(await this.readObject(client, spaceId, row.root))
      : EMPTY_ROOT
    return this.buildTree(client, spaceId, root, {
      id: row.id,
      parents: parseJson<string[]>(row.parents) ?? (row.parent_id ? [row.parent_id] : []),
      type: row.type ?? 'edits',
      createdAt: isoTimestamp(row.created_at)!,
    })
  }

  /** Puts a freshly written revision in the cache, so the next read needs no query. */
  remember(tree: RevisionTree) {
    trees.set(`${tree.spaceId}:${tree.id}`, tree)
  }

  /**
   * Caches objects just written, so building the new revision's tree needs no reads. Content
   * addressing makes this safe even if the transaction that wrote them rolls back.
   */
  async prime(spaceId: string, objects: StoredObject[]) {
    for (const object of objects) {
      await paceLoop()
      if (object.kind === 'page') nodes.set(`${spaceId}:${object.hash}`, JSON.parse(object.body))
      else if (object.kind === 'document') documents.set(`${spaceId}:${object.hash}`, object.body)
      else if (object.kind === 'files')
        fileLists.set(`${spaceId}:${object.hash}`, JSON.parse(object.body))
    }
  }

  async buildTree(
    client: QueryClientContract,
    spaceId: string,
    root: RootObject,
    revision: Pick<RevisionTree, 'id' | 'parents' | 'type' | 'createdAt'>
  ): Promise<RevisionTree> {
    const roots: TreePage[] = []
    let level: { hash: string; parent: TreePage | null }[] = root.pages.map((hash) => ({
      hash,
      parent: null,
    }))
    while (level.length > 0) {
      const loaded = await this.readNodes(
        client,
        spaceId,
        level.map((entry) => entry.hash)
      )
      const next: typeof level = []
      for (const { hash, parent } of level) {
        const node = loaded.get(hash)!
        const page: TreePage = {
          node,
          hash,
          path: parent ? `${parent.path}/${node.slug}` : node.slug,
          parentId: parent ? parent.node.id : null,
          children: [],
        }
        ;(parent ? parent.children : roots).push(page)
        for (const child of node.children) next.push({ hash: child, parent: page })
      }
      level = next
    }
    return {
      ...revision,
      spaceId,
      pages: roots,
      byId: PageIndex.of(roots),
      files: root.files ? await this.readFiles(client, spaceId, root.files) : [],
      filesHash: root.files,
      reusableContents: root.reusableContents,
      variables: root.variables,
    }
  }

  async readDocument(client: QueryClientContract, spaceId: string, hash: string): Promise<string> {
    const found = await this.readDocuments(client, spaceId, [hash])
    return found.get(hash)!
  }

  /** Markdown of the given document hashes. */
  async readDocuments(
    client: QueryClientContract,
    spaceId: string,
    hashes: string[]
  ): Promise<Map<string, string>> {
    const found = new Map<string, string>()
    const missing: string[] = []
    for (const hash of new Set(hashes)) {
      const cached = documents.get(`${spaceId}:${hash}`)
      if (cached !== undefined) found.set(hash, cached)
      else missing.push(hash)
    }
    for (const row of await this.readRows(client, spaceId, missing)) {
      documents.set(`${spaceId}:${row.hash}`, row.body)
      found.set(row.hash, row.body)
    }
    return found
  }

  /**
   * Writes objects that the space does not hold yet; existing ones (same hash) are left as they are.
   */
  async writeObjects(trx: QueryClientContract, spaceId: string, objects: StoredObject[]) {
    const unique = new Map(objects.map((object) => [object.hash, object]))
    const rows = [...unique.values()].map((object) => ({
      space_id: spaceId,
      hash: object.hash,
      kind: object.kind,
      body: object.body,
    }))
    const parts = chunksBySize(rows, INSERT_CHUNK, STATEMENT_CHARS, (row) => row.body.length)
    for (const [index, part] of parts.entries()) {
      if (index > 0) await yieldToEventLoop()
      // A prepared statement on MySQL: its parameters go as they are, not escaped into the SQL
      // text (copies of megabytes of text whose collection paused the server ~100 ms).
      await prepared(
        trx
          .knexQuery()
          .table('content_objects')
          .insert(part)
          .onConflict(['space_id', 'hash'])
          .ignore()
      )
    }
  }

  private async readNodes(client: QueryClientContract, spaceId: string, hashes: string[]) {
    const found = new Map<string, PageNode>()
    const missing: string[] = []
    for (const hash of new Set(hashes)) {
      const cached = nodes.get(`${spaceId}:${hash}`)
      if (cached) found.set(hash, cached)
      else missing.push(hash)
    }
    for (const row of await this.readRows(client, spaceId, missing)) {
      const node = JSON.parse(row.body) as PageNode
      nodes.set(`${spaceId}:${row.hash}`, node)
      found.set(row.hash, node)
    }
    for (const hash of hashes) {
      if (!found.has(hash)) throw new Error(`Content object ${hash} of space ${spaceId} is missing`)
    }
    return found
  }

  /** Bodies of stored objects by hash (absent ones are missing from the map). */
  async readObjects(
    client: QueryClientContract,
    spaceId: string,
    hashes: string[]
  ): Promise<Map<string, string>> {
    const rows = await this.readRows(client, spaceId, hashes)
    return new Map(rows.map((row) => [row.hash, row.body]))
  }

  private async readFiles(
    client: QueryClientContract,
    spaceId: string,
    hash: string
  ): Promise<FileEntry[]> {
    const key = `${spaceId}:${hash}`
    const cached = fileLists.get(key)
    if (cached) return cached
    const files = JSON.parse(await this.readObject(client, spaceId, hash)) as FileEntry[]
    fileLists.set(key, files)
    return files
  }

  private async readObject(
    client: QueryClientContract,
    spaceId: string,
    hash: string
  ): Promise<string> {
    const [row] = await this.readRows(client, spaceId, [hash])
    if (!row) throw new Error(`Content object ${hash} of space ${spaceId} is missing`)
    return row.body
  }

  private async readRows(client: QueryClientContract, spaceId: string, hashes: string[]) {
    if (hashes.length === 1) {
      // One object (a page's document on its first read): a fixed statement, prepared once on
      // either engine, without the query builder compiling it on every read.
      return hotRows<{ hash: string; body: string }>(client, READ_ONE_SQL, [spaceId, hashes[0]])
    }
    const rows: { hash: string; body: string }[] = []
    for (const part of chunks(hashes, WHERE_IN_CHUNK)) {
      rows.push(
        ...(await client
          .from('content_objects')
          .where('space_id', spaceId)
          .whereIn('hash', part)
          .select('hash', 'body'))
      )
    }
    return rows
  }
}
