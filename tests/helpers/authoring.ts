import app from '@adonisjs/core/services/app'
import User from '#accounts/models/user'
import SpaceAccessService from '#spaces/services/space_access_service'
import AuthoringService from '#content/services/authoring_service'

export const PNG_1X1 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg=='

/**
 * Applies content operations to a space's current revision as the user, the way the API's content
 * routes do (through AuthoringService): for tests that need content without going through HTTP.
 */
export async function authorSpace(userId: string, spaceId: string, operations: unknown[]) {
  const user = await User.findOrFail(userId)
  const access = await new SpaceAccessService().spaceFor(userId, spaceId)
  const authoring = await app.container.make(AuthoringService)
  const authored = await authoring.applyToSpace(user, access, operations as any)
  return { ...authored, user, access }
}

/**
 * A logo file, a "Guide" page (described "Where to start") showing it, and a page nested in it:
 * the content of the console's content tests.
 */
export function guideWithLogo(guideMarkdown: string, nestedMarkdown: string) {
  return [
    {
      operation: 'insert_files',
      files: [{ ref: 'logo', name: 'logo.png', contentType: 'image/png', base64: PNG_1X1 }],
    },
    {
      operation: 'insert_page',
      ref: 'guide',
      description: 'Where to start',
      document: { markdown: guideMarkdown },
    },
    { operation: 'insert_page', into: 'guide', document: { markdown: nestedMarkdown } },
  ]
}
