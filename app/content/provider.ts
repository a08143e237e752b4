/**
 * Content: revisions, pages, files, authoring batches, search, links and import.
 */
export default class ContentProvider {
  async start() {
    await import('#content/routes')
  }
}
