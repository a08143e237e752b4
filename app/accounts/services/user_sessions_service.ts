import app from '@adonisjs/core/services/app'
import type { HttpContext } from '@adonisjs/core/http'
import { SessionCollection } from '@adonisjs/session'
import type User from '#accounts/models/user'

/**
 * Console sessions of a user. Sessions are server-side and tagged with their user on sign-in, so
 * they can be ended from elsewhere: a password change ends the user's other sessions, a removal
 * from an organization all of them.
 */
export default class UserSessionsService {
  /**
   * Signs `user` in on this request's session (a new session id: no fixation) and tags it with
   * the user, so `end` finds it.
   */
  async signIn(ctx: HttpContext, user: User): Promise<void> {
    await ctx.auth.use('web').login(user)
    await ctx.session.tag(user.id)
  }

  /**
   * Signs out and ends this session for good: its data is cleared and it gets a new id, so the
   * old cookie (copied elsewhere) opens nothing.
   */
  async signOut(ctx: HttpContext): Promise<void> {
    await ctx.auth.use('web').logout()
    ctx.session.clear()
    ctx.session.regenerate()
  }

  /**
   * Ends every session of `userId` but `exceptSessionId`'s; the number ended.
   */
  async end(userId: string, exceptSessionId?: string): Promise<number> {
    const sessions = await app.container.make(SessionCollection)
    if (!sessions.supportsTagging()) return 0
    const tagged = await sessions.tagged(userId)
    const ending = tagged.filter(({ id }) => id !== exceptSessionId)
    for (const { id } of ending) await sessions.destroy(id)
    return ending.length
  }
}
