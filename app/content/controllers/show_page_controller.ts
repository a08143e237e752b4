import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import { sendJsonText } from '#core/http/responses'
import ContentReadService from '#content/services/content_read_service'
import { flagValue, pageQueryValidator } from '#content/validators/content_read_validators'
import { serializePage } from '#content/serializers/revision_serializer'
import { pageJsonText, type PageBodyText } from '#content/serializers/page_body'
import type { RevisionTree, TreePage } from '#content/types'

/**
 * GET .../content/page/{pageId} and .../content/path/{pagePath} (space, change request, and
 * .../revisions/{revisionId}/page|path/...): one page with its body, as `document` (default) or
 * `markdown` (`format`), whose page links are relative to the page's Git Sync file or, with
 * `format.markdown.refs=stable`, as stored (`/pages/<id>`). The path is the slash-joined slugs (`guides/intro`), given as segments or
 * URL-encoded. The document is sent as the JSON text stored with the page.
 */
@inject()
export default class ShowPageController {
  constructor(private reads: ContentReadService) {}

  async handle({ auth, params, request, response }: HttpContext) {
    const user = auth.getUserOrFail()
    const query = await request.validateQuery(pageQueryValidator)
    const { tree, branch } = await this.reads.resolveRoute(user.id, params)
    const page =
      params.pageId !== undefined
        ? this.reads.page(tree, params.pageId)
        : this.byPath(tree, params['*'])
    const serialized = serializePage(tree.spaceId, page, {
      metadata: flagValue(query.metadata, true),
      changeRequest: branch?.id,
    })
    let body: PageBodyText | undefined
    if (page.node.type === 'document') {
      body =
        query.format === 'markdown'
          ? {
              markdown: await this.reads.markdownRead(
                tree,
                page,
                query['format.markdown.refs'] ?? 'relative'
              ),
            }
          : { documentJson: await this.reads.documentJsonOf(tree, page) }
    }
    sendJsonText(response, pageJsonText(serialized, body))
  }

  private byPath(tree: RevisionTree, segments: unknown): TreePage {
    const raw = Array.isArray(segments) ? segments.join('/') : String(segments ?? '')
    let path: string
    try {
      path = raw
        .split('/')
        .map((segment) => decodeURIComponent(segment))
        .join('/')
    } catch {
      throw new NotFoundException(`No page at path "${raw.slice(0, 200)}" could be found`)
    }
    return this.reads.pageByPath(tree, path)
  }
}
