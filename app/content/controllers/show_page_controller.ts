import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { NotFoundException } from '#core/exceptions/api_exceptions'
import ContentReadService from '#content/services/content_read_service'
import { flagValue, pageQueryValidator } from '#content/validators/content_read_validators'
import { serializePage } from '#content/serializers/revision_serializer'
import { pageBody } from '#content/serializers/page_body'
import type { RevisionTree, TreePage } from '#content/types'

/**
 * GET .../content/page/{pageId} and .../content/path/{pagePath} (space, change request, and
 * .../revisions/{revisionId}/page|path/...): one page with its body, as `document` (default) or
 * `markdown` (`format`). The path is the slash-joined slugs (`guides/intro`), given as segments or
 * URL-encoded.
 */
@inject()
export default class ShowPageController {
  constructor(private reads: ContentReadService) {}

  async handle({ auth, params, request }: HttpContext) {
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
    if (page.node.type !== 'document') return serialized
    const markdown = await this.reads.markdownOf(tree, page)
    return {
      ...serialized,
      ...pageBody(page.node.document ?? '', markdown, query.format ?? 'document'),
    }
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
