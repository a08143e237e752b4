import { signedUrl } from '#core/http/signed_urls'
import type { FileEntry, RevisionTree } from '#content/types'

/** Name of the signed route that serves a file's bytes; the purpose keeps its signatures for it. */
export const FILE_ROUTE = 'content.files.download'
export const FILE_URL_PURPOSE = 'file-download'
/** How long a `downloadURL` the API hands out stays valid. */
export const FILE_URL_LIFETIME = '1h'

/**
 * A signed download URL of a file's bytes, handed to one viewer: it needs no token (browsers and
 * <img> tags follow it), names the viewer and pins the revision, and expires (an hour by default).
 * Until then the route serves it only while that viewer may still read the live space and the
 * revision still holds the file; nobody can forge or extend one.
 */
export function downloadUrl(
  revision: Pick<RevisionTree, 'spaceId' | 'id'>,
  file: FileEntry,
  viewerId: string,
  expiresIn: string | number = FILE_URL_LIFETIME
): string {
  return signedUrl(
    FILE_ROUTE,
    { spaceId: revision.spaceId, revisionId: revision.id, fileId: file.id, name: file.name },
    { qs: { viewer: viewerId }, expiresIn, purpose: FILE_URL_PURPOSE }
  )
}

/**
 * GitBook's RevisionFile, as `viewerId` sees it in `revision`.
 */
export function serializeFile(
  revision: Pick<RevisionTree, 'spaceId' | 'id'>,
  file: FileEntry,
  viewerId: string
) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: downloadUrl(revision, file, viewerId),
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  }
}
