import factory from '@adonisjs/lucid/factories'
import User from '#accounts/models/user'
import { newId } from '#core/ids'

/**
 * A user without a password or token (sign-in and tokens: tests/helpers/callers.ts). The email has
 * a random part: it is unique in the users table.
 */
export const UserFactory = factory
  .define(User, ({ faker }) => ({
    email: `${faker.internet
      .username()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, '')}-${newId(8).toLowerCase()}@example.com`,
    displayName: faker.person.fullName(),
    photoUrl: null,
    password: null,
  }))
  .build()
