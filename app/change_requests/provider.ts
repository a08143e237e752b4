/**
 * Change requests: branches of a space's content, numbered per space. Their content (reads and
 * authoring) is served by the content domain.
 */
export default class ChangeRequestsProvider {
  async start() {
    await import('#change_requests/routes')
  }
}
