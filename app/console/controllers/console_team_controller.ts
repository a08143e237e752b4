import { inject } from '@adonisjs/core'
import TeamService from '#organizations/services/team_service'
import ConsoleAccessService from '#console/services/console_access_service'

/**
 * What the console's team pages and forms open with: the console's access to the organization and
 * team a URL names, and the teams domain's service.
 */
@inject()
export default abstract class ConsoleTeamController {
  constructor(
    protected console: ConsoleAccessService,
    protected teams: TeamService
  ) {}
}
