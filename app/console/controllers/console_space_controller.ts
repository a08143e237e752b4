import { inject } from '@adonisjs/core'
import SpaceService from '#spaces/services/space_service'
import CollectionService from '#spaces/services/collection_service'
import ConsoleAccessService from '#console/services/console_access_service'

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
}
