import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import type { ContentChange } from '#content/changes'
import ContentReadService from '#content/services/content_read_service'
import { MAX_INLINE_FILE_BYTES } from '#content/services/batch_applier'
import { contentChangesValidator } from '#content/validators/content_change_validator'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import ChangeRequestReadService from '#change_requests/services/change_request_read_service'
import ChangeRequestAuthoringService, {
  type PageUnchanged,
} from '#change_requests/services/change_request_authoring_service'
import { errors as vineErrors } from '@vinejs/vine'

/** A change request the signed-in user may author, with its head revision. */
export type AuthorableChangeRequest = Awaited<ReturnType<ConsoleWritingService['authorable']>>

/** An upload, as the editor inserts it: its file id, name and whether it is an image. */
export interface UploadedFile {
  id: string
  name: string
  image: boolean
  markdown: string
}

/**
 * The console's writing in a change request: the change request read as the API reads it (404
 * when unknown or not visible), the API's policy (`author`: 403 for readers and for merged or
 * archived change requests), and each form one authoring batch of the same service the API's
 * `POST .../content` uses. A batch the content domain refuses is told without its batch position.
 */
@inject()
export default class ConsoleWritingService {
  constructor(
    private reads: ChangeRequestReadService,
    private content: ContentReadService,
    private authoring: ChangeRequestAuthoringService
  ) {}

  async authorable({ auth, bouncer, params }: HttpContext) {
    const user = auth.use('web').getUserOrFail()
    const read = await this.reads.resolve(user.id, params.spaceId, {
      kind: 'change-request',
      changeRequest: params.changeRequestId,
    })
    const changeRequest = read.changeRequest!
    await bouncer.with(ChangeRequestPolicy).authorize('author', read.access, changeRequest)
    return { user, access: read.access, changeRequest, tree: read.tree }
  }

  /** A page of the change request's head (404 when it has none such). */
  page(opened: AuthorableChangeRequest, pageId: string) {
    return this.content.page(opened.tree, pageId)
  }

  markdownOf(opened: AuthorableChangeRequest, pageId: string) {
    return this.content.markdownOf(opened.tree, this.page(opened, pageId))
  }

  /** One authoring batch on the change request's head. */
  async apply(
    { user, access, changeRequest }: AuthorableChangeRequest,
    changes: ContentChange[],
    pageUnchanged?: PageUnchanged
  ) {
    try {
      return await this.authoring.apply(user, access, changeRequest, changes, { pageUnchanged })
    } catch (error) {
      throw plainRefusal(error)
    }
  }

  /**
   * An upload as the API's `insert_files` takes it (base64, the same size limit and content-type
   * rules), as one batch; what the editor inserts for it.
   */
  async upload(
    opened: AuthorableChangeRequest,
    file: { clientName: string; size: number; type?: string; subtype?: string; tmpPath?: string },
    bytes: Buffer
  ): Promise<UploadedFile> {
    const name = file.clientName
    if (bytes.length > MAX_INLINE_FILE_BYTES) {
      throw new BadRequestException(
        `${name} is too large to upload (${Math.ceil(bytes.length / 1024)} KB): files are limited to ${megabytes(MAX_INLINE_FILE_BYTES)}`
      )
    }
    const contentType =
      file.type && file.subtype ? `${file.type}/${file.subtype}` : 'application/octet-stream'
    const change = {
      operation: 'insert_files',
      files: [{ name, contentType, base64: bytes.toString('base64') }],
    }
    try {
      await contentChangesValidator.validate({ changes: [change] })
    } catch (error) {
      if (!(error instanceof vineErrors.E_VALIDATION_ERROR)) throw error
      const problems = error.messages as { field: string }[]
      const field = problems[0]?.field.split('.').pop()
      throw new BadRequestException(
        field === 'name'
          ? `${name.slice(0, 60)}… cannot be uploaded: its name is longer than 256 characters`
          : `${name} cannot be uploaded: its type (${contentType}) is not accepted`
      )
    }
    const result = await this.apply(opened, [change as ContentChange])
    const entry = result.insertedFiles[0]
    const image = entry.contentType.startsWith('image/')
    const label = entry.name.replace(/[[\]\\]/g, '')
    return {
      id: entry.id,
      name: entry.name,
      image,
      markdown: `${image ? '!' : ''}[${label}](/files/${entry.id})`,
    }
  }
}

/**
 * A batch's refusal in the console's words: "changes[0] (update_page): the slug …" is "The slug …".
 */
function plainRefusal(error: unknown) {
  if (!(error instanceof BadRequestException)) return error
  const match = /^changes\[\d+\] \([a-z_]+\): (.+)$/s.exec(error.message)
  if (!match) return error
  const reason = match[1].replace(/^file "[^"]*": /, '')
  return new BadRequestException(reason.charAt(0).toUpperCase() + reason.slice(1))
}

function megabytes(bytes: number) {
  return `${(bytes / (1024 * 1024)).toFixed(1).replace(/\.0$/, '')} MB`
}
