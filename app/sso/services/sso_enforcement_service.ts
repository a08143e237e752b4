import db from '@adonisjs/lucid/services/db'

/**
 * Organizations that enforce single sign-on (`sso: true`) are entered through their identity
 * provider only. Rules (the console's password sign-in asks here):
 * - a user who is an active, non-admin member of at least one SSO-enforced organization may not sign
 *   in with a password, whatever their other organizations allow: one console session opens all of
 *   them, so the strictest organization wins;
 * - admins of an SSO-enforced organization keep password sign-in, as a break-glass for a
 *   misconfigured or unavailable identity provider (GitBook lets admins bypass SSO the same way).
 */
export default class SsoEnforcementService {
  /**
   * The first SSO-enforced organization that refuses a password sign-in of this user, or null.
   */
  async passwordSignInRefusedBy(userId: string): Promise<{ id: string; title: string } | null> {
    const row = await db
      .from('organization_members as m')
      .join('organizations as o', 'o.id', 'm.organization_id')
      .where('m.user_id', userId)
      .where('m.disabled', false)
      .where('o.sso', true)
      .where((query) => query.whereNull('m.role').orWhereNot('m.role', 'admin'))
      .select('o.id', 'o.title')
      .orderBy('o.created_at', 'asc')
      .orderBy('o.id', 'asc')
      .first()
    return row ? { id: row.id, title: row.title } : null
  }
}
