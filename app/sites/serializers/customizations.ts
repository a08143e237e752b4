import type { SiteRecord } from '#sites/records'
import type { SiteStructure } from '#sites/services/site_structure_service'

const color = (light: string, dark = light) => ({ light, dark })

/**
 * GitBook's SiteCustomizationSettings as Bindery renders every site: one look, no per-site
 * customization yet (the published reader applies these), and no override per site space.
 */
function siteCustomization() {
  return {
    styling: {
      theme: 'clean' as const,
      primaryColor: color('#346ddb'),
      infoColor: color('#787878'),
      successColor: color('#02a46b'),
      warningColor: color('#ed8c13'),
      dangerColor: color('#e13131'),
      corners: 'rounded' as const,
      depth: 'subtle' as const,
      links: 'default' as const,
      font: 'Inter' as const,
      monospaceFont: 'IBMPlexMono' as const,
      codeTheme: {
        default: { light: 'default-light', dark: 'default-dark' },
        openapi: { light: 'default-light', dark: 'default-dark' },
      },
      background: 'plain' as const,
      icons: 'regular' as const,
      sidebar: { background: 'default' as const, list: 'default' as const },
      search: 'subtle' as const,
    },
    internationalization: { locale: 'en' as const },
    favicon: {},
    header: { preset: 'default' as const, links: [] },
    footer: { groups: [] },
    themes: { default: 'system' as const, toggeable: true },
    feedback: { enabled: false },
    ai: { mode: 'none' as const },
    advancedCustomization: { enabled: false },
    trademark: { enabled: false },
    externalLinks: { target: 'self' as const },
    pagination: { enabled: true },
    pageActions: { items: [] },
    privacyPolicy: {},
    socialPreview: {},
    socialAccounts: [],
    insights: { trackingCookie: false },
  }
}

export function defaultCustomizations(_site: SiteRecord, _structure: SiteStructure) {
  return { site: siteCustomization(), siteSpaces: {} }
}
