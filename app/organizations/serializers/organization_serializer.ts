import type User from '#accounts/models/user'
import { urls } from '#core/http/urls'
import OrganizationPolicy from '#organizations/policies/organization_policy'
import type { OrganizationAccess } from '#organizations/organization_access'

const policy = new OrganizationPolicy()

/**
 * Self-hosted: nothing is billed, so billing says so (no payment due, nothing to check out) while
 * keeping every field clients read.
 */
const SELF_HOSTED_BILLING = {
  interval: 'yearly' as const,
  endDate: null,
  hasPaymentFailed: false,
  canCheckout: false,
  isScheduledToCancel: false,
  pricing: {
    members: { plus_2024: zeroPrice(), pro_2024: zeroPrice() },
    sites: { premium: zeroPrice(), ultimate: zeroPrice() },
  },
  usageAddons: {},
  canChangeInterval: false,
  canUseSAML: true,
  creditsBundle: null,
  aiCreditAlertThreshold: null,
}

function zeroPrice() {
  return { monthly: 0, yearly: 0 }
}

/**
 * GitBook's Organization object, for the caller described by `access`.
 */
export function serializeOrganization(access: OrganizationAccess, caller: User) {
  const org = access.organization
  return {
    object: 'organization' as const,
    id: org.id,
    title: org.title,
    createdAt: org.createdAt.toISO()!,
    emailDomains: org.emailDomains,
    ...(org.hostname ? { hostname: org.hostname } : {}),
    type: org.type,
    ...(org.useCase ? { useCase: org.useCase } : {}),
    ...(org.communityType ? { communityType: org.communityType } : {}),
    defaultRole: org.defaultRole,
    ...(org.defaultContent ? { defaultContent: org.defaultContent } : {}),
    sso: org.sso,
    ai: org.ai,
    inviteLinks: org.inviteLinks,
    plan: org.plan,
    ...(access.isMember ? { billing: SELF_HOSTED_BILLING } : {}),
    mergeRules: { type: 'none' as const },
    urls: {
      location: urls.api(`/orgs/${org.id}`),
      app: urls.app(`/orgs/${org.id}`),
      ...(org.logoUrl ? { logo: org.logoUrl } : {}),
    },
    trial: { status: 'notapplicable' as const, count: 0 },
    internal_isOnNewTrial: true,
    permissions: policy.permissions(caller, access),
  }
}
