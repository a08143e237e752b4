import { urls } from '#core/http/urls'
import type { PageResult } from '#content/search/search_service'
import { pageAppUrl } from '#content/serializers/revision_serializer'

/**
 * The app URL of a space (as the Space serializer builds it); pages use the page serializer's.
 */
export function spaceAppUrl(spaceId: string): string {
  return urls.app(`/spaces/${spaceId}`)
}

/**
 * GitBook's SearchPageResult: the page and its best matching sections. A section's `path` is the
 * page's path with the heading's anchor (`guides/install#linux`); the first section (text before
 * any heading, id '') has the page's path.
 */
export function serializeSearchPage(page: PageResult) {
  const pageUrl = pageAppUrl(page.spaceId, page.pageId)
  return {
    id: page.pageId,
    title: page.title,
    description: page.description,
    path: page.path,
    score: page.score,
    rank: page.rank,
    ancestors: [] as Array<{ title: string }>,
    sections: page.sections.map((section) => ({
      id: section.id,
      title: section.title,
      path: section.id ? `${page.path}#${section.id}` : page.path,
      score: section.score,
      body: section.body,
      urls: { app: section.id ? `${pageUrl}#${encodeURIComponent(section.id)}` : pageUrl },
    })),
    urls: { app: pageUrl },
  }
}

/**
 * GitBook's SearchSpaceResult items: the ranked pages grouped by space, spaces in the order of
 * their best page.
 */
export function serializeSearchSpaces(pages: PageResult[], titles: Map<string, string>) {
  const bySpace = new Map<string, PageResult[]>()
  for (const page of pages) {
    const list = bySpace.get(page.spaceId) ?? []
    list.push(page)
    bySpace.set(page.spaceId, list)
  }
  return [...bySpace].map(([spaceId, spacePages]) => ({
    type: 'space' as const,
    id: spaceId,
    title: titles.get(spaceId) ?? '',
    score: Math.max(...spacePages.map((page) => page.score)),
    pages: spacePages.map(serializeSearchPage),
    urls: { app: spaceAppUrl(spaceId) },
  }))
}
