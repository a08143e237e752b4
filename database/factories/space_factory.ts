import factory from '@adonisjs/lucid/factories'
import Collection from '#spaces/models/collection'
import Space from '#spaces/models/space'
import Revision from '#spaces/models/revision'
import { newId } from '#core/ids'

/**
 * A collection of an organization (merge `organizationId`, and `parentId` to nest it).
 */
export const CollectionFactory = factory
  .define(Collection, ({ faker }) => ({
    parentId: null,
    title: faker.commerce.department(),
    description: null,
    defaultLevel: null,
    position: faker.number.int({ min: 1, max: 1_000_000 }),
  }))
  .build()

/**
 * A space of an organization (merge `organizationId`) with its first, empty revision, as
 * `SpaceService` creates one.
 */
export const SpaceFactory = factory
  .define(Space, ({ faker }) => ({
    parentId: null,
    title: faker.commerce.productName().slice(0, 50),
    emoji: null,
    visibility: 'private' as const,
    editMode: 'live' as const,
    defaultLevel: null,
    revisionId: newId(),
    position: faker.number.int({ min: 1, max: 1_000_000 }),
    mergeRules: null,
    deletedAt: null,
  }))
  .after('create', async (_, space, { $trx }) => {
    await Revision.create(
      { id: space.revisionId, spaceId: space.id, parentId: null },
      { client: $trx }
    )
  })
  .build()
