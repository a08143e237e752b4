import { inject } from '@adonisjs/core'
import type { HttpContext } from '@adonisjs/core/http'
import { auditActor } from '#core/audit/audit_log'
import SpaceService from '#spaces/services/space_service'
import CollectionService from '#spaces/services/collection_service'
import ConsoleAccessService from '#console/services/console_access_service'
import { noticeTo } from '#console/http/console_form'

/**
 * What the console's space and collection settings forms open with: the console's access to the
 * record a URL names, and the spaces domain's services.
 */
@inject()
export default abstract class ConsoleSpaceController {
  constructor(
    protected console: ConsoleAccessService,
    protected spaces: SpaceService,
    protected collections: CollectionService
  ) {}

  /**
   * Deletes the space or collection the URL names (its admins), then back to the organization's
   * tree with a notice. The services refuse what may not go (a collection that is not empty).
   */
  protected async deleteRecord(ctx: HttpContext, kind: 'space' | 'collection') {
    let deleted: { title: string; organizationId: string }
    if (kind === 'space') {
      const { user, access } = await this.console.managedSpace(ctx)
      await this.spaces.delete(access, auditActor(user))
      deleted = access.space
    } else {
      const { access } = await this.console.managedCollection(ctx)
      await this.collections.delete(access)
      deleted = access.collection
    }
    const { title, organizationId } = deleted
    const noun = kind === 'space' ? 'Space' : 'Collection'
    return noticeTo(ctx, `${noun} ${title} deleted.`, 'console.spaces.index', { organizationId })
  }
}
