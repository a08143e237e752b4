import { inject } from '@adonisjs/core'
import db from '@adonisjs/lucid/services/db'
import User from '#accounts/models/user'
import { ForbiddenException, NotFoundException } from '#core/exceptions/api_exceptions'
import SpaceAccessService from '#spaces/services/space_access_service'
import SpacePolicy from '#spaces/policies/space_policy'
import { ImportBranches } from '#content/contracts/import_branches'
import ImportRunService, { type ImportRunRecord } from '#content/import/import_run_service'

/**
 * Import runs started outside HTTP (`node ace bindery:import`): as a named user, who must be able
 * to edit the space exactly as through the API, or else as an admin of the space's organization
 * (the one who joined first), so an operator with shell access needs no account of their own. The
 * run is recorded as that user's.
 */
@inject()
export class ImportRunStarter {
  /** Who started the last run (e-mail), for the command's output. */
  startedBy = ''

  constructor(
    private access: SpaceAccessService,
    private runs: ImportRunService,
    private branches: ImportBranches
  ) {}

  async start(input: {
    url: string
    spaceId: string
    changeRequest?: string
    email?: string
  }): Promise<ImportRunRecord> {
    const user = input.email
      ? await User.query().where('email', input.email.trim().toLowerCase()).first()
      : await this.organizationAdmin(input.spaceId)
    if (!user) {
      throw new NotFoundException(
        input.email
          ? `No user with the e-mail ${input.email}`
          : `No space ${input.spaceId} (or its organization has no admin)`
      )
    }
    const access = await this.access.spaceFor(user.id, input.spaceId)
    if (access.space.editMode === 'locked') {
      throw new ForbiddenException(
        'This space is locked: its content cannot be edited or imported into'
      )
    }
    if (!new SpacePolicy().edit(user, access)) {
      throw new ForbiddenException(`${user.email} may not edit this space`)
    }
    const changeRequestId = input.changeRequest
      ? await this.branches.authorize(user, access, input.changeRequest)
      : null
    const run = await this.runs.start(user, access, { url: input.url, changeRequestId })
    this.startedBy = user.email
    return run
  }

  private async organizationAdmin(spaceId: string): Promise<User | null> {
    const row = await db
      .from('spaces as s')
      .join('organization_members as m', 'm.organization_id', 's.organization_id')
      .where('s.id', spaceId)
      .whereNull('s.deleted_at')
      .where('m.role', 'admin')
      .where('m.disabled', false)
      .orderBy([
        { column: 'm.joined_at', order: 'asc' },
        { column: 'm.user_id', order: 'asc' },
      ])
      .select('m.user_id')
      .first()
    return row ? User.find(row.user_id) : null
  }
}
