/**
 * Comments: discussions on a space's content and in its change requests, with replies and emoji
 * reactions.
 */
export default class CommentsProvider {
  async start() {
    await import('#comments/routes')
  }
}
