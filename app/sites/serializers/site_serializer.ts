import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import type { OrganizationAccess } from '#organizations/organization_access'
import SpaceAccessService from '#spaces/services/space_access_service'
import { presentSpaces } from '#spaces/serializers/space_serializer'
import SitePolicy from '#sites/policies/site_policy'
import {
  sectionUrl,
  shareLinkUrl,
  siteBaseUrl,
  siteSpaceUrl,
  withShareKey,
} from '#sites/published_urls'
import type {
  SectionGroupRecord,
  SectionRecord,
  ShareLinkRecord,
  SiteRecord,
  SiteSpaceRecord,
} from '#sites/records'
import type { SiteStructure } from '#sites/services/site_structure_service'

const policy = new SitePolicy()
const spaceAccess = new SpaceAccessService()

type SpaceObject = Awaited<ReturnType<typeof presentSpaces>>[number]

/**
 * The wire records of a site and of what it is made of, for one caller: `permissions` from the
 * site policy, `urls.published` where readers find each part (carrying the share key when the
 * caller resolved the site through one), and each site space's Space as the caller sees it.
 */
export class SitePresenter {
  private spaces = new Map<string, SpaceObject>()

  constructor(
    private caller: User,
    private access: OrganizationAccess,
    private shareKey?: string
  ) {}

  baseUrl(site: SiteRecord) {
    return siteBaseUrl(site, this.access.organization)
  }

  site(site: SiteRecord) {
    const base = this.baseUrl(site)
    return {
      object: 'site' as const,
      id: site.id,
      type: site.type,
      appliedType: site.type,
      title: site.title,
      ...(site.hostname ? { hostname: site.hostname } : {}),
      ...(site.basename ? { basename: site.basename } : {}),
      ...(site.proxy
        ? {
            proxy: {
              origin: site.proxy,
              target: siteBaseUrl({ ...site, proxy: null }, this.access.organization),
            },
          }
        : {}),
      visibility: site.visibility,
      defaultLevel: 'inherit' as const,
      permissions: policy.permissions(this.caller, this.access),
      published: site.published,
      siteSpaces: site.siteSpaceCount,
      createdAt: site.createdAt.toISO()!,
      adaptiveContent: { enabled: site.adaptiveContent },
      ads: { status: 'pending' as const, submittable: false },
      agentsContext: site.agentsContext,
      features: [],
      urls: {
        location: urls.api(`/orgs/${site.organizationId}/sites/${site.id}`),
        app: urls.app(`/orgs/${site.organizationId}/sites/${site.id}`),
        published: withShareKey(base, this.shareKey),
        // Where members preview the site, published or not: the same address.
        preview: base,
      },
    }
  }

  /**
   * Loads the Space records of the site spaces about to be presented (one read for them all).
   */
  async loadSpaces(siteSpaces: SiteSpaceRecord[]) {
    const missing = siteSpaces.map((s) => s.spaceId).filter((id) => !this.spaces.has(id))
    if (missing.length === 0) return
    const accesses = await spaceAccess.spacesOf(
      this.caller.id,
      this.access.organization.id,
      this.access.role,
      missing
    )
    for (const space of await presentSpaces([...accesses.values()], this.caller)) {
      this.spaces.set(space.id, space)
    }
  }

  /**
   * Site spaces of one parent (the root, or a section whose URL is `parentUrl`). Those whose space
   * the caller cannot see are left out.
   */
  siteSpaces(site: SiteRecord, siteSpaces: SiteSpaceRecord[], parent: SectionRecord | null) {
    const base = this.baseUrl(site)
    const defaultId = parent ? parent.defaultSiteSpaceId : site.defaultSiteSpaceId
    return siteSpaces.flatMap((siteSpace) => {
      const space = this.spaces.get(siteSpace.spaceId)
      if (!space) return []
      return [
        {
          object: 'site-space' as const,
          id: siteSpace.id,
          path: siteSpace.path,
          ...(siteSpace.siteSectionId ? { section: siteSpace.siteSectionId } : {}),
          space,
          title: siteSpace.title ?? space.title,
          default: siteSpace.id === defaultId,
          ...(siteSpace.condition ? { condition: siteSpace.condition } : {}),
          draft: false,
          hidden: siteSpace.hidden,
          hasAdvancedCustomizationFeature: false,
          urls: {
            published: withShareKey(siteSpaceUrl(base, site, siteSpace, parent), this.shareKey),
          },
        },
      ]
    })
  }

  section(site: SiteRecord, section: SectionRecord, structure: SiteStructure) {
    const own = structure.siteSpaces.filter((s) => s.siteSectionId === section.id)
    return {
      object: 'site-section' as const,
      id: section.id,
      title: section.title,
      ...(section.description ? { description: section.description } : {}),
      default: site.defaultSiteSectionId === section.id,
      draft: false,
      path: section.path,
      ...(section.condition ? { condition: section.condition } : {}),
      ...(section.sectionGroupId ? { sectionGroup: section.sectionGroupId } : {}),
      ...(section.icon ? { icon: section.icon } : {}),
      siteSpaces: this.siteSpaces(site, own, section),
      urls: {
        published: withShareKey(sectionUrl(this.baseUrl(site), site, section), this.shareKey),
      },
    }
  }

  group(site: SiteRecord, group: SectionGroupRecord, structure: SiteStructure) {
    const sections = structure.sections
      .filter((section) => section.sectionGroupId === group.id)
      .map((section) => this.section(site, section, structure))
    return {
      object: 'site-section-group' as const,
      id: group.id,
      title: group.title,
      ...(group.icon ? { icon: group.icon } : {}),
      draft: false,
      sections,
      children: sections,
    }
  }

  /**
   * GitBook's SiteStructure: the top level of sections and groups, or the site spaces at the root
   * of a site without sections.
   */
  structure(
    site: SiteRecord,
    structure: SiteStructure,
    topLevel: Array<SectionRecord | SectionGroupRecord>
  ) {
    if (structure.sections.length === 0) {
      return {
        type: 'siteSpaces' as const,
        structure: this.siteSpaces(site, structure.siteSpaces, null),
      }
    }
    return {
      type: 'sections' as const,
      structure: topLevel.map((item) =>
        'path' in item ? this.section(site, item, structure) : this.group(site, item, structure)
      ),
    }
  }

  shareLink(site: SiteRecord, link: ShareLinkRecord) {
    return {
      object: 'share-link' as const,
      id: link.id,
      createdAt: link.createdAt.toISO()!,
      name: link.name,
      active: link.active,
      urls: { published: shareLinkUrl(this.baseUrl(site), link.key) },
    }
  }
}
