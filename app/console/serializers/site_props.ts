import type { SiteRecord } from '#sites/records'
import type { SitePresenter } from '#sites/serializers/site_serializer'

type PresentedStructure = ReturnType<SitePresenter['structure']>
type PresentedSiteSpace = ReturnType<SitePresenter['siteSpaces']>[number]
type PresentedSection = ReturnType<SitePresenter['section']>
type PresentedGroup = ReturnType<SitePresenter['group']>
type PresentedShareLink = ReturnType<SitePresenter['shareLink']>

/**
 * A site as a row of the console's list of an organization's sites.
 */
export function siteSummaryProps(site: SiteRecord, publishedUrl: string) {
  return {
    id: site.id,
    title: site.title,
    visibility: site.visibility,
    published: site.published,
    siteSpaceCount: site.siteSpaceCount,
    publishedUrl,
    createdAt: site.createdAt.toISO()!,
  }
}

function siteSpaceProps(siteSpace: PresentedSiteSpace) {
  return {
    id: siteSpace.id,
    spaceId: siteSpace.space.id,
    title: siteSpace.title,
    path: siteSpace.path,
    default: siteSpace.default,
    publishedUrl: siteSpace.urls.published,
  }
}

function sectionProps(section: PresentedSection) {
  return {
    type: 'section' as const,
    id: section.id,
    title: section.title,
    path: section.path,
    condition: section.condition ?? null,
    groupId: section.sectionGroup ?? null,
    default: section.default,
    publishedUrl: section.urls.published,
    siteSpaces: section.siteSpaces.map(siteSpaceProps),
  }
}

function groupProps(group: PresentedGroup) {
  return {
    type: 'group' as const,
    id: group.id,
    title: group.title,
    sections: group.sections.map(sectionProps),
  }
}

function shareLinkProps(link: PresentedShareLink) {
  return {
    id: link.id,
    name: link.name,
    active: link.active,
    createdAt: link.createdAt,
    url: link.urls.published,
  }
}

/**
 * A site's page: its settings, where readers find it, and its structure as the console shows it:
 * the site spaces at its root (a site without sections), or its top level of sections and groups.
 * `shareLinks` is null for those who may not manage them.
 */
export function siteDetailProps(input: {
  site: SiteRecord
  url: string
  structure: PresentedStructure
  shareLinks: PresentedShareLink[] | null
  shareLinkCount: number
  adaptiveSchema: string
  previewUrl: string
}) {
  const { site, structure } = input
  return {
    site: {
      ...siteSummaryProps(site, input.url),
      basename: site.basename,
      defaultSiteSectionId: site.defaultSiteSectionId,
      previewUrl: input.previewUrl,
    },
    rootSiteSpaces: structure.type === 'siteSpaces' ? structure.structure.map(siteSpaceProps) : [],
    topLevel:
      structure.type === 'sections'
        ? structure.structure.map((item) =>
            item.object === 'site-section' ? sectionProps(item) : groupProps(item)
          )
        : [],
    shareLinks: input.shareLinks?.map(shareLinkProps) ?? null,
    shareLinkCount: input.shareLinkCount,
    adaptiveSchema: input.adaptiveSchema,
  }
}
