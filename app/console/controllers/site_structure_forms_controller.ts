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
    await this.change(
      ctx,
      () => formInput(ctx, addSiteSpaceValidator, ['spaceId']),
      (trx, target, input) =>
        this.structure.addSiteSpace(trx, target, { ...input, field: 'spaceId' })
    )
    return noticeBack(ctx, 'Space added to the site.')
  }

  async removeSiteSpace(ctx: HttpContext) {
    await this.change(ctx, noInput, (trx, target) =>
      this.structure.deleteSiteSpace(trx, target.id, ctx.params.siteSpaceId)
    )
    return noticeBack(ctx, 'Space removed from the site.')
  }

  /**
   * POST .../sections: a section publishing a space (the site's root spaces move into a first
   * section when it had none).
   */
  async addSection(ctx: HttpContext) {
    await this.change(
      ctx,
      () =>
        formInput(ctx, addSectionValidator, ['spaceId', 'title'], (body) =>
          emptyAsNull(body, ['title'])
        ),
      (trx, target, input) => this.structure.addSection(trx, target, input)
    )
    return noticeBack(ctx, 'Section created.')
  }

  /**
   * PATCH .../sections/:siteSectionId: title, path, condition (empty removes it) and group (empty
   * takes it out of its group), whichever the form sends.
   */
  async updateSection(ctx: HttpContext) {
    const fields = ['title', 'path', 'condition', 'siteSectionGroupId']
    await this.change(
      ctx,
      () =>
        formInput(ctx, updateSectionValidator, fields, (body) =>
          emptyAsNull(body, ['condition', 'siteSectionGroupId'])
        ),
      (trx, target, input) =>
        this.structure.updateSection(trx, target.id, ctx.params.siteSectionId, input)
    )
    return noticeBack(ctx, 'Section saved.')
  }

  async deleteSection(ctx: HttpContext) {
    await this.change(ctx, noInput, (trx, target) =>
      this.structure.deleteSection(trx, target.id, ctx.params.siteSectionId)
    )
    return noticeBack(ctx, 'Section deleted.')
  }

  async addGroup(ctx: HttpContext) {
    const input = await this.change(
      ctx,
      () => formInput(ctx, addSectionGroupValidator, ['title']),
      (trx, target, group) => this.structure.addGroup(trx, target.id, group)
    )
    return noticeBack(ctx, `Group ${input.title} created.`)
  }

  async updateGroup(ctx: HttpContext) {
    await this.change(
      ctx,
      () => formInput(ctx, updateSectionGroupValidator, ['title']),
      (trx, target, input) =>
        this.structure.updateGroup(trx, target.id, ctx.params.siteSectionGroupId, input)
    )
    return noticeBack(ctx, 'Group renamed.')
  }

  /**
   * DELETE .../section-groups/:siteSectionGroupId: its sections stay, where the group stood.
   */
  async deleteGroup(ctx: HttpContext) {
    await this.change(ctx, noInput, (trx, target) =>
      this.structure.deleteGroup(trx, target.id, ctx.params.siteSectionGroupId)
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

  /**
   * One structure change: the signed-in user must manage the site; then the form is read (so a
   * member without the right gets 403 before any validation) and `work` runs in one transaction.
   * Returns the form's input.
   */
  private async change<Input>(
    ctx: HttpContext,
    read: () => Promise<Input>,
    work: (trx: TransactionClientContract, target: SiteTarget, input: Input) => Promise<unknown>
  ) {
    const { user, siteAccess } = await this.console.site(ctx, 'manage')
    const input = await read()
    await this.console.change(user, siteAccess, (trx, target) => work(trx, target, input))
    return input
  }
}

/**
 * The `read` of a change without a form (a delete).
 */
async function noInput() {}
