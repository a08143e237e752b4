import type { PageNode } from '#content/types'

/**
 * GitBook's authoring batch (`ChangeRequestContentChange`), as validated. Internal callers (import)
 * may also send file bytes directly and place a page `into` the ref of a page inserted earlier in
 * the same batch.
 */

/** Page metadata an insert or update may set (GitBook's RevisionPageUpdate). */
export type PageMetadataInput = Partial<
  Pick<
    PageNode,
    | 'title'
    | 'slug'
    | 'emoji'
    | 'icon'
    | 'description'
    | 'hidden'
    | 'noIndex'
    | 'noRobotsIndex'
    | 'condition'
  >
>

export type DocumentInput =
  { markdown: string } | { document: unknown } | StoredDocumentInput | Record<string, never>

/**
 * Internal callers only (website imports): a document already checked against the content limits,
 * its links final (`/pages/<id>`, `/files/<id>`), and stored with its link facts as content objects
 * of the space. The batch only points the page at it: nothing is parsed again.
 */
export interface StoredDocumentInput {
  stored: string
}

export interface InsertPageChange extends PageMetadataInput {
  operation: 'insert_page'
  document: DocumentInput
  into?: string
  at?: number
  ref?: string
  /** Internal callers only: the new page's id (imports derive ids before the batch exists). */
  id?: string
}

export interface UpdatePageChange extends PageMetadataInput {
  operation: 'update_page'
  page: string
  document?: DocumentInput
  into?: string | null
  at?: number
}

export interface DeletePageChange {
  operation: 'delete_page'
  page: string
}

export interface RevertPageChange {
  operation: 'revert_page'
  page: string
  revision?: string
  block?: string[]
}

export interface FileInput {
  ref?: string
  name: string
  contentType?: string
  base64?: string
  url?: string
  /** Internal callers only. */
  bytes?: Uint8Array
  /** Internal callers only: bytes already stored in Drive under the space's blob of this hash. */
  stored?: { blob: string; size: number; dimensions?: { width: number; height: number } }
  /** Internal callers only: the new file's id. */
  id?: string
}

export interface InsertFilesChange {
  operation: 'insert_files'
  files: FileInput[]
}

export type ContentChange =
  InsertPageChange | UpdatePageChange | DeletePageChange | RevertPageChange | InsertFilesChange

/** One affected page of a batch, in the order the batch first touched it. */
export type PageOutcome =
  | { object: 'created_page'; pageId: string; ref?: string }
  | { object: 'updated_page'; pageId: string }
  | { object: 'deleted_page'; pageId: string }
