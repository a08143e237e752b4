import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSpaceController from '#console/controllers/console_space_controller'
import { RETENTION_DAYS } from '#spaces/services/space_service'
import { canManageSpace } from '#console/serializers/space_props'
import { organizationHeader } from '#console/serializers/administration_props'
import { noticeTo } from '#console/http/console_form'

/**
 * An organization's trash: its deleted spaces that the signed-in user administers and that can still
 * be restored (RETENTION_DAYS, the spaces service's rule), and their restore (the API's restore
 * operation: an older space is purged and not found). Deleted collections are gone at once, as
 * the API has them.
 */
export default class ConsoleTrashController extends ConsoleSpaceController {
  /**
   * GET /console/orgs/:organizationId/trash
   */
  async index(ctx: HttpContext) {
    const { user, access } = await this.console.organization(ctx)
    const deleted = await this.spaces.listRestorable(user, access.organization.id)
    return ctx.inertia.render('spaces/trash', {
      organization: organizationHeader(user, access),
      retentionDays: RETENTION_DAYS,
      spaces: deleted
        .filter((space) => canManageSpace(user, space))
        .map(({ space }) => ({
          id: space.id,
          title: space.title,
          emoji: space.emoji,
          deletedAt: space.deletedAt!.toISO()!,
          restorableUntil: space.deletedAt!.plus({ days: RETENTION_DAYS }).toISO()!,
        })),
    })
  }

  /**
   * POST /console/spaces/:spaceId/restore: back where it was (or at the top level), then its page.
   */
  async restore(ctx: HttpContext) {
    const { user, access } = await this.console.managedSpace(ctx, { deleted: true })
    const restored = await this.spaces.restore(user, access)
    return noticeTo(ctx, `Space ${restored.space.title} restored.`, 'console.spaces.show', {
      spaceId: restored.space.id,
    })
  }
}
