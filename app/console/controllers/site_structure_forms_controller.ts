import type { HttpContext } from '@adonisjs/core/http'
import type { TransactionClientContract } from '@adonisjs/lucid/types/database'
import type { SiteTarget } from '#sites/services/site_structure_service'
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
    const change = await this.managing(ctx)
    const input = await formInput(ctx, addSiteSpaceValidator, ['spaceId'])
    await change((trx, site) => this.structure.addSiteSpace(trx, site, input))
    return noticeBack(ctx, 'Space added to the site.')
  }

  async removeSiteSpace(ctx: HttpContext) {
    return this.remove(ctx, 'deleteSiteSpace', 'siteSpaceId', 'Space removed from the site.')
  }

  /**
   * POST .../sections: a section publishing a space (the site's root spaces move into a first
   * section when it had none).
   */
  async addSection(ctx: HttpContext) {
    const change = await this.managing(ctx)
    const input = await formInput(ctx, addSectionValidator, ['spaceId', 'title'], (body) =>
      emptyAsNull(body, ['title'])
    )
    await change((trx, site) => this.structure.addSection(trx, site, input))
    return noticeBack(ctx, 'Section created.')
  }

  /**
   * PATCH .../sections/:siteSectionId: title, path, condition (empty removes it) and group (empty
   * takes it out of its group), whichever the form sends.
   */
  async updateSection(ctx: HttpContext) {
    const change = await this.managing(ctx)
    const fields = ['title', 'path', 'condition', 'siteSectionGroupId']
    const input = await formInput(ctx, updateSectionValidator, fields, (body) =>
      emptyAsNull(body, ['condition', 'siteSectionGroupId'])
    )
    const { siteSectionId } = ctx.params
    await change((trx, site) => this.structure.updateSection(trx, site.id, siteSectionId, input))
    return noticeBack(ctx, 'Section saved.')
  }

  async deleteSection(ctx: HttpContext) {
    return this.remove(ctx, 'deleteSection', 'siteSectionId', 'Section deleted.')
  }

  async addGroup(ctx: HttpContext) {
    const change = await this.managing(ctx)
    const input = await formInput(ctx, addSectionGroupValidator, ['title'])
    await change((trx, site) => this.structure.addGroup(trx, site.id, input))
    return noticeBack(ctx, `Group ${input.title} created.`)
  }

  async updateGroup(ctx: HttpContext) {
    const change = await this.managing(ctx)
    const input = await formInput(ctx, updateSectionGroupValidator, ['title'])
    const groupId = ctx.params.siteSectionGroupId
    await change((trx, site) => this.structure.updateGroup(trx, site.id, groupId, input))
    return noticeBack(ctx, 'Group renamed.')
  }

  /**
   * DELETE .../section-groups/:siteSectionGroupId: its sections stay, where the group stood.
   */
  async deleteGroup(ctx: HttpContext) {
    return this.remove(ctx, 'deleteGroup', 'siteSectionGroupId', 'Group deleted.')
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

  /**
   * A delete of the structure: `method` of SiteStructureService on the item the URL's `param`
   * names.
   */
  private async remove(
    ctx: HttpContext,
    method: 'deleteSiteSpace' | 'deleteSection' | 'deleteGroup',
    param: string,
    notice: string
  ) {
    const change = await this.managing(ctx)
    await change((trx, site) => this.structure[method](trx, site.id, ctx.params[param]))
    return noticeBack(ctx, notice)
  }

  /**
   * Checks that the signed-in user manages the site the URL names (before the form is read, so
   * refusals come before validation errors), and returns the way to change it: one transaction
   * as them (ConsoleSitesService.change).
   */
  private async managing(ctx: HttpContext) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    return (work: (trx: TransactionClientContract, site: SiteTarget) => Promise<unknown>) =>
      this.console.change(user, siteAccess, work)
  }
}
