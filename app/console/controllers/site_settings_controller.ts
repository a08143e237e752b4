import type { HttpContext } from '@adonisjs/core/http'
import { errors as vineErrors } from '@vinejs/vine'
import { BadRequestException } from '#core/exceptions/api_exceptions'
import { updateSiteValidator } from '#sites/validators/site_validators'
import ConsoleSiteController from '#console/controllers/console_site_controller'
import { adaptiveSchemaTextValidator } from '#console/validators/site_validators'
import { withoutEmptyOf } from '#console/validators/form_input'
import { formInput, noticeBack, noticeTo } from '#console/http/console_form'

/**
 * A site's own forms (its admins): settings and defaults, publishing, the adaptive schema, and
 * deleting it.
 */
export default class SiteSettingsController extends ConsoleSiteController {
  /**
   * PATCH /console/orgs/:organizationId/sites/:siteId: title, visibility, basename, default section
   * and default site space. Empty basename and defaults are left as they are.
   */
  async update(ctx: HttpContext) {
    const { siteAccess } = await this.console.site(ctx, 'manage')
    const fields = ['title', 'visibility', 'basename', 'defaultSiteSection', 'defaultSiteSpace']
    const input = await formInput(ctx, updateSiteValidator, fields, (body) =>
      withoutEmptyOf(body, ['basename', 'defaultSiteSection', 'defaultSiteSpace'])
    )
    await this.sites.update(siteAccess, input)
    return noticeBack(ctx, 'Site settings saved.')
  }

  /**
   * POST .../publish: a site that publishes no space is refused (the service's 400, flashed).
   */
  async publish(ctx: HttpContext) {
    const { siteAccess } = await this.console.site(ctx, 'manage')
    await this.sites.publish(siteAccess)
    return noticeBack(ctx, 'Site published.')
  }

  async unpublish(ctx: HttpContext) {
    const { siteAccess } = await this.console.site(ctx, 'manage')
    await this.sites.unpublish(siteAccess)
    return noticeBack(ctx, 'Site unpublished.')
  }

  /**
   * PUT .../adaptive-schema: the schema's JSON text. Text that is not JSON, and a schema the
   * service refuses (its 400), are errors of the field, shown under the textarea.
   */
  async updateAdaptiveSchema(ctx: HttpContext) {
    const { siteAccess } = await this.console.site(ctx, 'manage')
    const { jsonSchema } = await formInput(ctx, adaptiveSchemaTextValidator, ['jsonSchema'])
    try {
      await this.schemas.put(siteAccess, parseJson(jsonSchema))
    } catch (error) {
      if (error instanceof BadRequestException) throw schemaError(error.message)
      throw error
    }
    return noticeBack(ctx, 'Adaptive schema saved.')
  }

  /**
   * DELETE .../sites/:siteId: deletes the site (its spaces stay), back to the list.
   */
  async destroy(ctx: HttpContext) {
    const { access, siteAccess } = await this.console.site(ctx, 'manage')
    await this.sites.delete(siteAccess)
    return noticeTo(ctx, `Site ${siteAccess.site.title} deleted.`, 'console.sites.index', {
      organizationId: access.organization.id,
    })
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch (error) {
    throw schemaError(`The schema is not valid JSON: ${(error as Error).message}`)
  }
}

function schemaError(message: string) {
  return new vineErrors.E_VALIDATION_ERROR([{ field: 'jsonSchema', message, rule: 'schema' }])
}
