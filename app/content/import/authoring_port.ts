import type User from '#accounts/models/user'
import type { ContentChange } from '#content/import/types'

/**
 * What the import endpoints need from the authoring service: apply one batch to a space's main
 * content (a new revision of type `edits`) or to a change request. Declared here so the import code
 * type-checks before the authoring service lands; that service implements it.
 *
 * An abstract class rather than an `interface` only so that it is also a container token: the
 * content provider binds it (`app.container.bind(AuthoringPort, () => app.container.make(AuthoringService))`)
 * and the controllers receive it through `@inject()`. As a type it is exactly the interface below.
 */
export abstract class AuthoringPort {
  abstract applyToSpace(
    user: User,
    spaceId: string,
    changes: ContentChange[],
    options: { type: 'edits' }
  ): Promise<{ revisionId: string }>

  abstract applyToChangeRequest(
    user: User,
    spaceId: string,
    changeRequestId: string,
    changes: ContentChange[]
  ): Promise<{ revisionId: string }>
}
