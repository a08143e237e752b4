import type { HttpContext } from '@adonisjs/core/http'
import ConsoleSpaceController from '#console/controllers/console_space_controller'
import SpacePolicy from '#spaces/policies/space_policy'
import CollectionPolicy from '#spaces/policies/collection_policy'
import { moveInput } from '#spaces/validators/move_input'
import {
  transferCollectionValidator,
  transferSpaceValidator,
} from '#spaces/validators/space_validators'
import { formInput, noticeTo } from '#console/http/console_form'

/**
 * Moving, transferring and duplicating spaces and collections from their pages, with the API's
 * bodies, validators, policies and services: move needs the record's admin and `create` where it
 * goes; transfer needs admin in both organizations; duplicate needs `create` where the copy goes.
 */
export default class ConsoleSpaceAdminController extends ConsoleSpaceController {
  /**
   * POST /console/spaces/:spaceId/move: to a collection or the top level (`parent`), and/or before
   * or after a sibling (`position`).
   */
  async moveSpace(ctx: HttpContext) {
    const { user, access } = await this.console.managedSpace(ctx)
    const input = await moveInput(ctx.request)
    const moved = await this.spaces.move(user, access, input)
    return noticeTo(ctx, `Space ${moved.space.title} moved.`, 'console.spaces.show', {
      spaceId: moved.space.id,
    })
  }

  /**
   * POST /console/spaces/:spaceId/transfer: to the top level of another organization.
   */
  async transferSpace(ctx: HttpContext) {
    const { user, access } = await this.console.managedSpace(ctx)
    await ctx.bouncer.with(SpacePolicy).authorize('transfer', access)
    const input = await formInput(ctx, transferSpaceValidator, ['organization', 'collection'])
    const moved = await this.spaces.transfer(user, access, input)
    return noticeTo(ctx, `Space ${moved.space.title} transferred.`, 'console.spaces.show', {
      spaceId: moved.space.id,
    })
  }

  /**
   * POST /console/spaces/:spaceId/duplicate: a copy next to it (any reader who may create there),
   * then the copy's page.
   */
  async duplicateSpace(ctx: HttpContext) {
    const { user, access } = await this.console.space(ctx)
    const copy = await this.spaces.duplicate(user, access)
    return noticeTo(ctx, `Space ${access.space.title} duplicated.`, 'console.spaces.show', {
      spaceId: copy.space.id,
    })
  }

  /**
   * POST /console/collections/:collectionId/move: as a space moves (never into itself).
   */
  async moveCollection(ctx: HttpContext) {
    const { user, access } = await this.console.managedCollection(ctx)
    const input = await moveInput(ctx.request)
    const moved = await this.collections.move(user, access, input)
    const { id, title } = moved.collection
    return noticeTo(ctx, `Collection ${title} moved.`, 'console.collections.show', {
      collectionId: id,
    })
  }

  /**
   * POST /console/collections/:collectionId/transfer: with everything in it, to the top level of
   * another organization.
   */
  async transferCollection(ctx: HttpContext) {
    const { user, access } = await this.console.managedCollection(ctx)
    await ctx.bouncer.with(CollectionPolicy).authorize('transfer', access)
    const { organization } = await formInput(ctx, transferCollectionValidator, ['organization'])
    const moved = await this.collections.transfer(user, access, organization)
    const { id, title } = moved.collection
    return noticeTo(ctx, `Collection ${title} transferred.`, 'console.collections.show', {
      collectionId: id,
    })
  }
}
