import router from '@adonisjs/core/services/router'
import { renderMarkdownHtml } from '#content/markdown/html'
import { downloadUrl } from '#content/serializers/file_serializer'
import type { RevisionTree, TreePage } from '#content/types'

/**
 * The page editor's preview: `markdown` as the page `page` of a change request's head would show it,
 * through the one sanitized renderer; links to pages open their console page on the change request,
 * images and files are the head's files.
 */
export function previewHtml(
  tree: RevisionTree,
  page: TreePage,
  changeRequestId: string,
  markdown: string,
  viewerId: string
): string {
  const spaceId = tree.spaceId
  return renderMarkdownHtml(markdown, {
    pagePath: page.path,
    pageHasChildren: page.children.length > 0,
    pageUrl: ({ pageId, path }) => {
      const linked = pageId
        ? tree.byId.get(pageId)
        : [...tree.byId.values()].find((candidate) => candidate.path === path)
      if (!linked) return undefined
      return router.makeUrl('console.change_requests.pages.show', {
        spaceId,
        changeRequestId,
        pageId: linked.node.id,
      })
    },
    fileUrl: (fileId) => {
      const file = tree.files.find((candidate) => candidate.id === fileId)
      return file ? downloadUrl(tree, file, viewerId) : undefined
    },
  }).html
}
