import router from '@adonisjs/core/services/router'
import { urls } from '#core/http/urls'
import type { FileEntry } from '#content/types'

/**
 * A signed, long-lived download URL of a file's bytes: anyone holding it can fetch the file (as
 * with GitBook's file URLs), nobody can guess it.
 */
export function downloadUrl(spaceId: string, file: FileEntry): string {
  const path = router.makeSignedUrl(
    'content.files.download',
    { spaceId, blob: file.blob, name: file.name },
    { qs: { type: file.contentType } }
  )
  return urls.site(path)
}

/**
 * GitBook's RevisionFile.
 */
export function serializeFile(spaceId: string, file: FileEntry) {
  return {
    id: file.id,
    name: file.name,
    contentType: file.contentType,
    downloadURL: downloadUrl(spaceId, file),
    size: file.size,
    ...(file.dimensions ? { dimensions: file.dimensions } : {}),
  }
}
