import type { ApplicationService } from '@adonisjs/core/types'
import { EmbeddedBlocks } from '#content/contracts/embedded_blocks'

/**
 * OpenAPI: versioned OpenAPI specifications of an organization, and the `openapi-operation`
 * blocks of pages, which the content domain's renderer shows through the EmbeddedBlocks contract
 * bound here.
 */
export default class OpenAPIProvider {
  constructor(protected app: ApplicationService) {}

  register() {
    this.app.container.singleton(EmbeddedBlocks, async (resolver) => {
      const { default: OpenAPIEmbeddedBlocks } =
        await import('#openapi/services/openapi_embedded_blocks')
      return resolver.make(OpenAPIEmbeddedBlocks)
    })
  }

  /** Routes are registered once the application has booted (router and kernel middleware exist then). */
  async start() {
    await import('#openapi/routes')
  }
}
