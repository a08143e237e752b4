import { inject } from '@adonisjs/core'
import router from '@adonisjs/core/services/router'
import {
  renderMarkdownHtml,
  type HtmlRenderOptions,
  type RenderedHtml,
} from '#content/markdown/html'
import { renderPageHtml } from '#content/services/html_rendering'
import { embeddedRefsIn } from '#content/markdown/embedded_blocks'
import {
  EmbeddedBlocks,
  NO_PREPARED_BLOCKS,
  type PreparedBlocks,
} from '#content/contracts/embedded_blocks'
import ContentReadService from '#content/services/content_read_service'
import type { RevisionTree, TreePage } from '#content/types'

/**
 * Where the console shows a revision's content: the space's current revision, a change request's
 * head or a revision, and the route parameters that name it (`spaceId`, plus `changeRequestId`
 * or `revisionId`).
 */
export type ConsoleContentView = {
  kind: 'space' | 'change-request' | 'revision'
  routeParams: Record<string, string | undefined>
}

/** The console route of a page, and of a file's bytes, on each kind of view. */
const pageRoutes: Record<ConsoleContentView['kind'], string> = {
  'space': 'console.pages.show',
  'change-request': 'console.change_requests.pages.show',
  'revision': 'console.revisions.pages.show',
}
const fileRoutes: Record<ConsoleContentView['kind'], string> = {
  'space': 'console.files.show',
  'change-request': 'console.change_requests.files.show',
  'revision': 'console.revisions.files.show',
}

/** The console URL of a page on the view. */
export function consolePageUrl(view: ConsoleContentView, pageId: string): string {
  return router.makeUrl(pageRoutes[view.kind], { ...view.routeParams, pageId })
}

/** The console URL of a file's bytes on the view (its name last, for the browser's download). */
export function consoleFileUrl(
  view: ConsoleContentView,
  file: { id: string; name: string }
): string {
  return router.makeUrl(fileRoutes[view.kind], {
    ...view.routeParams,
    fileId: file.id,
    name: file.name,
  })
}

/**
 * What a page's markdown is rendered against: the revision tree it belongs to (its pages and
 * files), the page itself when it is one of the tree (relative links resolve from its path; a
 * preview of a page not written yet has none), the view whose URLs links take, and what its
 * embedded blocks show.
 */
export type ConsolePageContext = {
  tree: RevisionTree
  page?: Pick<TreePage, 'path' | 'children'>
  view: ConsoleContentView
  embedded?: PreparedBlocks
  /** The document or group page at a path (ContentReadService.findByPath). */
  findByPath: (tree: RevisionTree, path: string) => TreePage | undefined
}

/**
 * A page's markdown as the console shows it: the published sites' sanitized renderer
 * (renderMarkdownHtml: scripts, event handlers and raw HTML never survive), with links to pages of
 * the tree (by id, `/pages/<id>`, relative path or GitBook page reference) going to their console
 * page on the same view, images and file links to the console's file route of the same view, and
 * anchors to the headings' ids. Pure and synchronous; ConsolePageHtmlService loads `embedded`.
 */
export function renderConsolePageHtml(markdown: string, context: ConsolePageContext): RenderedHtml {
  return renderMarkdownHtml(markdown, consoleHtmlOptions(context))
}

/** The renderer's options for a console view (see renderConsolePageHtml). */
function consoleHtmlOptions(context: ConsolePageContext): HtmlRenderOptions {
  const { tree, page, view } = context
  return {
    embedded: context.embedded ?? NO_PREPARED_BLOCKS,
    pagePath: page?.path,
    pageHasChildren: page ? page.children.length > 0 : false,
    pageUrl: (target) => {
      const linked = target.pageId
        ? tree.byId.get(target.pageId)
        : context.findByPath(tree, target.path ?? '')
      if (!linked) return undefined
      const url = consolePageUrl(view, linked.node.id)
      return target.anchor ? `${url}#${encodeURIComponent(target.anchor)}` : url
    },
    fileUrl: (fileId) => {
      const file = tree.files.find((candidate) => candidate.id === fileId)
      return file ? consoleFileUrl(view, file) : undefined
    },
  }
}

/**
 * The console's rendering of pages as HTML, for every view of content (a space's page, a change
 * request's page, a revision's page, and previews of markdown being written): the embedded blocks
 * loaded for the space's organization, then renderConsolePageHtml.
 */
@inject()
export default class ConsolePageHtmlService {
  constructor(
    private reads: ContentReadService,
    private embeddedBlocks: EmbeddedBlocks
  ) {}

  async render(
    organizationId: string,
    markdown: string,
    context: Omit<ConsolePageContext, 'embedded' | 'findByPath'>
  ): Promise<RenderedHtml> {
    const refs = embeddedRefsIn(markdown)
    const embedded = refs.length
      ? await this.embeddedBlocks.prepare(organizationId, refs)
      : NO_PREPARED_BLOCKS
    // Long pages render in a worker thread (renderPageHtml).
    return renderPageHtml(
      markdown,
      consoleHtmlOptions({
        ...context,
        embedded,
        findByPath: (tree, path) => this.reads.findByPath(tree, path),
      })
    )
  }
}
