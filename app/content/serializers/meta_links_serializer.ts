import type { PageMetaLinks, PageMetaLinkTarget } from '#content/services/content_read_service'

/** GitBook's RevisionPageMetaLinkTarget: a ContentRefPage or a ContentRefURL. */
function serializeTarget(target: PageMetaLinkTarget) {
  return target.kind === 'page'
    ? { kind: 'page' as const, page: target.page, ...(target.space ? { space: target.space } : {}) }
    : { kind: 'url' as const, url: target.url }
}

/** GitBook's RevisionPageMetaLinks: `canonical` only when the page has one, `alternates` always. */
export function serializePageMetaLinks(links: PageMetaLinks) {
  return {
    ...(links.canonical ? { canonical: serializeTarget(links.canonical) } : {}),
    alternates: links.alternates.map(serializeTarget),
  }
}
