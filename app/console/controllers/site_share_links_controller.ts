import type { HttpContext } from '@adonisjs/core/http'
import { createShareLinkValidator } from '#sites/validators/site_validators'
import ConsoleSiteController from '#console/controllers/console_site_controller'
import { shareLinkActiveValidator } from '#console/validators/site_validators'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * A site's share links (its admins): each opens a share-link site to whoever holds its URL while
 * it is active.
 */
export default class SiteShareLinksController extends ConsoleSiteController {
  async store(ctx: HttpContext) {
    const { siteAccess } = await this.console.site(ctx, 'manage')
    const { name } = await formInput(ctx, createShareLinkValidator, ['name'])
    await this.shareLinks.create(siteAccess, name)
    return noticeBack(ctx, `Share link ${name} created.`)
  }

  /**
   * PATCH .../share-links/:shareLinkId: deactivates or reactivates it.
   */
  async update(ctx: HttpContext) {
    const { siteAccess } = await this.console.site(ctx, 'manage')
    const { active } = await formInput(ctx, shareLinkActiveValidator, ['active'])
    const link = await this.shareLinks.update(siteAccess, ctx.params.shareLinkId, { active })
    return noticeBack(
      ctx,
      `Share link ${link.name} ${link.active ? 'reactivated' : 'deactivated'}.`
    )
  }

  async destroy(ctx: HttpContext) {
    const { siteAccess } = await this.console.site(ctx, 'manage')
    await this.shareLinks.delete(siteAccess, ctx.params.shareLinkId)
    return noticeBack(ctx, 'Share link deleted.')
  }
}
