import type { HttpContext } from '@adonisjs/core/http'
import {
  addSectionGroupValidator,
  addSectionValidator,
  addSiteSpaceValidator,
  updateSectionGroupValidator,
  updateSectionValidator,
} from '#sites/validators/site_validators'
import ConsoleSiteController from '#console/controllers/console_site_controller'
import { sortSiteItemValidator } from '#console/validators/site_validators'
import { emptyAsNull } from '#console/validators/form_input'
import { formInput, noticeBack } from '#console/http/console_form'

/**
 * The forms that change a site's structure (its admins), each in one transaction through
 * SiteStructureService: site spaces, sections (title, path, condition, group), section groups,
 * and their order.
 */
export default class SiteStructureFormsController extends ConsoleSiteController {
  /**
   * POST .../site-spaces: publishes a space of the organization (in the default section when the
   * site has sections).
   */
  async addSiteSpace(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    const input = await formInput(ctx, addSiteSpaceValidator, ['spaceId'])
    await this.console.change(user, siteAccess, (trx, target) =>
      this.structure.addSiteSpace(trx, target, input)
    )
    return noticeBack(ctx, 'Space added to the site.')
  }

  async removeSiteSpace(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    await this.console.change(user, siteAccess, (trx) =>
      this.structure.deleteSiteSpace(trx, siteAccess.site.id, ctx.params.siteSpaceId)
    )
    return noticeBack(ctx, 'Space removed from the site.')
  }

  /**
   * POST .../sections: a section publishing a space (the site's root spaces move into a first
   * section when it had none).
   */
  async addSection(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    const input = await formInput(ctx, addSectionValidator, ['spaceId', 'title'], (body) =>
      emptyAsNull(body, ['title'])
    )
    await this.console.change(user, siteAccess, (trx, target) =>
      this.structure.addSection(trx, target, input)
    )
    return noticeBack(ctx, 'Section created.')
  }

  /**
   * PATCH .../sections/:siteSectionId: title, path, condition (empty removes it) and group (empty
   * takes it out of its group), whichever the form sends.
   */
  async updateSection(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    const fields = ['title', 'path', 'condition', 'siteSectionGroupId']
    const input = await formInput(ctx, updateSectionValidator, fields, (body) =>
      emptyAsNull(body, ['condition', 'siteSectionGroupId'])
    )
    await this.console.change(user, siteAccess, (trx) =>
      this.structure.updateSection(trx, siteAccess.site.id, ctx.params.siteSectionId, input)
    )
    return noticeBack(ctx, 'Section saved.')
  }

  async deleteSection(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    await this.console.change(user, siteAccess, (trx) =>
      this.structure.deleteSection(trx, siteAccess.site.id, ctx.params.siteSectionId)
    )
    return noticeBack(ctx, 'Section deleted.')
  }

  async addGroup(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    const input = await formInput(ctx, addSectionGroupValidator, ['title'])
    await this.console.change(user, siteAccess, (trx) =>
      this.structure.addGroup(trx, siteAccess.site.id, input)
    )
    return noticeBack(ctx, `Group ${input.title} created.`)
  }

  async updateGroup(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    const input = await formInput(ctx, updateSectionGroupValidator, ['title'])
    await this.console.change(user, siteAccess, (trx) =>
      this.structure.updateGroup(trx, siteAccess.site.id, ctx.params.siteSectionGroupId, input)
    )
    return noticeBack(ctx, 'Group renamed.')
  }

  /**
   * DELETE .../section-groups/:siteSectionGroupId: its sections stay, where the group stood.
   */
  async deleteGroup(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    await this.console.change(user, siteAccess, (trx) =>
      this.structure.deleteGroup(trx, siteAccess.site.id, ctx.params.siteSectionGroupId)
    )
    return noticeBack(ctx, 'Group deleted.')
  }

  /**
   * POST .../structure/sort: a section or group one place up or down.
   */
  async sort(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    const { type, id, direction } = await formInput(ctx, sortSiteItemValidator, [
      'type',
      'id',
      'direction',
    ])
    await this.console.move(user, siteAccess, { type, id }, direction)
    return noticeBack(ctx, `Moved ${direction}.`)
  }
}
