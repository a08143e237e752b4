import { BaseCommand, flags } from '@adonisjs/core/ace'
import type { CommandOptions } from '@adonisjs/core/types/ace'
import vine from '@vinejs/vine'
import { ROLES, type RoleOrGuest } from '#core/roles'

/**
 * Creates (or finds) a user, puts them in an organization and prints an API token with every scope:
 * the one-step way to get a working client against a fresh server.
 */
export default class BinderyBootstrap extends BaseCommand {
  static commandName = 'bindery:bootstrap'
  static description =
    'Create a user (if absent), an organization where they are admin (or add them to one), and an API token'
  static options: CommandOptions = { startApp: true }

  @flags.string({ description: 'E-mail address of the user', required: true })
  declare email: string

  @flags.string({
    description: 'Password for console sign-in (default: random, token-only account)',
  })
  declare password?: string

  @flags.string({ description: 'Display name of a new user' })
  declare name?: string

  @flags.string({ description: 'Title of a new organization where the user becomes admin' })
  declare org?: string

  @flags.string({
    flagName: 'org-id',
    description: 'Id of an existing organization to add the user to',
  })
  declare orgId?: string

  @flags.string({
    description:
      'Role in the organization given by --org-id (admin, create, review, edit, comment, read, guest)',
  })
  declare role?: string

  @flags.boolean({ description: 'Print one JSON line instead of text' })
  declare json: boolean

  async run() {
    const { default: BootstrapService } = await import('#organizations/services/bootstrap_service')
    const input = await this.validate()
    if (!input) return

    try {
      const result = await new BootstrapService().run(input)
      if (this.json) {
        this.logger.log(JSON.stringify(result))
      } else {
        this.logger.success(`User ${result.user.email} (${result.user.id})`)
        this.logger.success(`Organization ${result.organization.id}`)
        this.logger.log(`API token (shown once): ${result.token}`)
      }
    } catch (error) {
      this.fail(error instanceof Error ? error.message : String(error))
    }
  }

  private async validate() {
    if ((this.org === undefined) === (this.orgId === undefined)) {
      return this.fail('Pass exactly one of --org="Title" or --org-id=ID')
    }
    if (this.orgId !== undefined && this.role === undefined) {
      return this.fail(
        '--org-id needs --role (admin, create, review, edit, comment, read or guest)'
      )
    }
    const schema = vine.compile(
      vine.object({
        email: vine.string().trim().email().maxLength(254),
        password: vine.string().minLength(8).maxLength(255).optional(),
        name: vine.string().trim().minLength(1).maxLength(255).optional(),
        org: vine.string().trim().minLength(2).maxLength(255).optional(),
        orgId: vine.string().trim().optional(),
        role: vine.enum([...ROLES, 'guest'] as const).optional(),
      })
    )
    try {
      const input = await schema.validate({
        email: this.email,
        password: this.password,
        name: this.name,
        org: this.org,
        orgId: this.orgId,
        role: this.role,
      })
      const role: RoleOrGuest =
        input.role === 'guest' || input.role === undefined ? null : input.role
      return { ...input, role }
    } catch (error: any) {
      const messages = (error.messages ?? []).map((m: any) => `--${m.field}: ${m.message}`)
      return this.fail(messages.join('; ') || String(error))
    }
  }

  private fail(message: string): undefined {
    this.exitCode = 1
    if (this.json) {
      this.logger.log(JSON.stringify({ error: { message } }))
    } else {
      this.logger.error(message)
    }
    return undefined
  }
}
