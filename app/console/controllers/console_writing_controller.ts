import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { readFile } from 'node:fs/promises'
import SpaceAccessService from '#spaces/services/space_access_service'
import { MAX_INLINE_FILE_BYTES } from '#content/services/batch_applier'
import ChangeRequestPolicy from '#change_requests/policies/change_request_policy'
import ChangeRequestService from '#change_requests/services/change_request_service'
import ConsoleContentService from '#console/services/console_content_service'
import ConsoleWritingService, { type UploadedFile } from '#console/services/console_writing_service'
import { previewHtml } from '#console/services/console_preview'
import { formInput, noticeBack, noticeTo } from '#console/http/console_form'
import { withoutEmpty } from '#console/validators/form_input'
import {
  consoleCreateChangeRequestValidator,
  consoleInsertPageValidator,
  consoleMovePageValidator,
  consolePreviewValidator,
  consoleRenamePageValidator,
  consoleSavePageValidator,
  consoleUploadValidator,
} from '#console/validators/writing_validators'

/**
 * Writing in the console: opening a change request on a space, then inside it the page editor
 * (markdown, title, emoji; preview; save), the page tree's operations (new page, rename, move,
 * delete) and uploads. Each form is one authoring batch of the change requests' service, under
 * the API's policy (ConsoleWritingService).
 */
@inject()
export default class ConsoleWritingController {
  constructor(
    private spaces: SpaceAccessService,
    private changeRequests: ChangeRequestService,
    private content: ConsoleContentService,
    private writing: ConsoleWritingService
  ) {}

  /** POST /console/spaces/:spaceId/change-requests: a draft on the space's current content. */
  async createChangeRequest(ctx: HttpContext) {
    const user = ctx.auth.use('web').getUserOrFail()
    const access = await this.spaces.spaceFor(user.id, ctx.params.spaceId)
    await ctx.bouncer.with(ChangeRequestPolicy).authorize('create', access)
    const input = await formInput(
      ctx,
      consoleCreateChangeRequestValidator,
      ['subject'],
      withoutEmpty
    )
    const changeRequest = await this.changeRequests.create(user, access, input)
    return noticeTo(
      ctx,
      `Change request #${changeRequest.number} opened.`,
      'console.change_requests.show',
      { spaceId: access.space.id, changeRequestId: changeRequest.id }
    )
  }

  /** GET .../change-requests/:changeRequestId/pages/:pageId/edit: the page editor. */
  async edit(ctx: HttpContext) {
    const opened = await this.writing.authorable(ctx)
    const { organization, space, target } = await this.content.resolve(opened.user, ctx.params)
    const page = this.writing.page(opened, ctx.params.pageId)
    const uploaded = ctx.session.flashMessages.get('uploaded') as UploadedFile | undefined
    return ctx.inertia.render('content/edit_page', {
      organization,
      space,
      changeRequest: {
        id: opened.changeRequest.id,
        number: opened.changeRequest.number,
        subject: opened.changeRequest.subject ?? '',
        url: target.url,
      },
      page: {
        id: page.node.id,
        type: page.node.type,
        title: page.node.title,
        emoji: page.node.emoji ?? '',
        path: page.path,
        markdown: await this.writing.markdownOf(opened, page.node.id),
      },
      baseRevisionId: opened.tree.id,
      maxUploadBytes: MAX_INLINE_FILE_BYTES,
      uploaded: uploaded ?? null,
    })
  }

  /** POST .../pages/:pageId/preview: the editor's markdown rendered (JSON `{ html }`). */
  async preview(ctx: HttpContext) {
    const opened = await this.writing.authorable(ctx)
    const page = this.writing.page(opened, ctx.params.pageId)
    const { markdown } = await formInput(ctx, consolePreviewValidator, ['markdown'])
    return ctx.response.json({
      html: previewHtml(opened.tree, page, opened.changeRequest.id, markdown ?? '', opened.user.id),
    })
  }

  /**
   * PUT .../pages/:pageId: the editor's save, one batch; refused (409) when someone else saved
   * the page since the editor opened it on `baseRevisionId`.
   */
  async save(ctx: HttpContext) {
    const opened = await this.writing.authorable(ctx)
    const pageId = this.writing.page(opened, ctx.params.pageId).node.id
    const fields = ['title', 'emoji', 'markdown', 'baseRevisionId']
    const input = await formInput(ctx, consoleSavePageValidator, fields)
    await this.writing.apply(
      opened,
      [
        {
          operation: 'update_page',
          page: pageId,
          title: input.title,
          emoji: input.emoji ?? '',
          document: { markdown: input.markdown ?? '' },
        },
      ],
      { revisionId: input.baseRevisionId, pageId }
    )
    return noticeTo(ctx, 'Page saved.', 'console.change_requests.pages.edit', {
      spaceId: opened.access.space.id,
      changeRequestId: opened.changeRequest.id,
      pageId,
    })
  }

  /** POST .../change-requests/:changeRequestId/pages: a new empty page, at the top or under one. */
  async insertPage(ctx: HttpContext) {
    const opened = await this.writing.authorable(ctx)
    const input = await formInput(
      ctx,
      consoleInsertPageValidator,
      ['title', 'parent'],
      withoutEmpty
    )
    if (input.parent) this.writing.page(opened, input.parent)
    await this.writing.apply(opened, [
      {
        operation: 'insert_page',
        title: input.title,
        document: { markdown: '' },
        ...(input.parent ? { into: input.parent } : {}),
      },
    ])
    return noticeBack(ctx, `Page ${input.title} added.`)
  }

  /** PATCH .../pages/:pageId/title: renames a page. */
  async renamePage(ctx: HttpContext) {
    const opened = await this.writing.authorable(ctx)
    const page = this.writing.page(opened, ctx.params.pageId)
    const { title } = await formInput(ctx, consoleRenamePageValidator, ['title'])
    await this.writing.apply(opened, [{ operation: 'update_page', page: page.node.id, title }])
    return noticeBack(ctx, `Page ${page.node.title} renamed to ${title}.`)
  }

  /** PATCH .../pages/:pageId/position: moves a page under another one or to the top, at a place. */
  async movePage(ctx: HttpContext) {
    const opened = await this.writing.authorable(ctx)
    const page = this.writing.page(opened, ctx.params.pageId)
    const input = await formInput(
      ctx,
      consoleMovePageValidator,
      ['parent', 'position'],
      withoutEmpty
    )
    if (input.parent) this.writing.page(opened, input.parent)
    await this.writing.apply(opened, [
      {
        operation: 'update_page',
        page: page.node.id,
        into: input.parent ?? null,
        ...(input.position !== undefined ? { at: input.position } : {}),
      },
    ])
    return noticeBack(ctx, `Page ${page.node.title} moved.`)
  }

  /** DELETE .../pages/:pageId: deletes a page and the pages under it. */
  async deletePage(ctx: HttpContext) {
    const opened = await this.writing.authorable(ctx)
    const page = this.writing.page(opened, ctx.params.pageId)
    await this.writing.apply(opened, [{ operation: 'delete_page', page: page.node.id }])
    return noticeTo(ctx, `Page ${page.node.title} deleted.`, 'console.change_requests.show', {
      spaceId: opened.access.space.id,
      changeRequestId: opened.changeRequest.id,
    })
  }

  /**
   * POST .../change-requests/:changeRequestId/files: uploads a file into the change request (one
   * batch); the editor inserts its reference (`uploaded`, flashed) where the cursor is.
   */
  async upload(ctx: HttpContext) {
    const opened = await this.writing.authorable(ctx)
    const { file } = await ctx.request.validateUsing(consoleUploadValidator)
    const bytes = await readFile(file.tmpPath!)
    const uploaded = await this.writing.upload(opened, file, bytes)
    ctx.session.flash('uploaded', uploaded)
    return noticeBack(ctx, `${uploaded.name} uploaded.`)
  }
}
