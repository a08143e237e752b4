import { inject } from '@adonisjs/core'
import MemberService from '#organizations/services/member_service'
import ConsoleAccessService from '#console/services/console_access_service'

/**
 * What the console's member roster and its forms open with: the console's access to the
 * organization a URL names, and the members domain's service.
 */
@inject()
export default abstract class ConsoleMemberController {
  constructor(
    protected console: ConsoleAccessService,
    protected members: MemberService
  ) {}
}
