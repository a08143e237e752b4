import { defineConfig } from '@adonisjs/static'

/**
 * Serves the console's built assets (public/assets, written by `vite build`) in production. Their
 * file names carry a content hash, so browsers may cache them for good. The console's assets
 * middleware hands only `/assets/*` requests to it: other requests (the API) never touch the disk.
 */
const staticServerConfig = defineConfig({
  enabled: true,
  etag: true,
  lastModified: true,
  // Not passed on to serve-static (it expects `dotfiles`): the assets middleware hides dot-paths.
  dotFiles: 'ignore',
  maxAge: '1y',
  immutable: true,
})

export default staticServerConfig
