/**
 * The actions an organization's audit log records: stable names (they are stored and filtered on)
 * and the labels `GET /v1/orgs/{id}/audit-event-actions` and the console show.
 */
export const AUDIT_ACTIONS = {
  'user.signed_in': 'Signed in',
  'user.sign_in_failed': 'Failed sign-in',
  'member.joined': 'Member joined',
  'member.role_updated': 'Member role changed',
  'member.removed': 'Member removed',
  'member.sso_updated': 'Member single sign-on changed',
  'invite.created': 'E-mail invite sent',
  'invite.revoked': 'E-mail invite revoked',
  'invite_link.created': 'Invite link created',
  'invite_link.updated': 'Invite link changed',
  'invite_link.deleted': 'Invite link revoked',
  'organization.sso_updated': 'Single sign-on setting changed',
  'sso_provider.created': 'SSO provider added',
  'sso_provider.updated': 'SSO provider changed',
  'sso_provider.deleted': 'SSO provider removed',
  'token.created': 'API token created',
  'token.revoked': 'API token revoked',
  'space.deleted': 'Space deleted',
  'space.transferred': 'Space transferred',
  'change_request.merged': 'Change request merged',
} as const

export type AuditAction = keyof typeof AUDIT_ACTIONS

export const AUDIT_ACTION_NAMES = Object.keys(AUDIT_ACTIONS) as AuditAction[]
