import { defineConfig } from '@adonisjs/vite'

/**
 * Console assets: built by `vite build` into public/assets (npm start builds them when missing);
 * served by an in-process Vite dev server under `node ace serve` and in tests.
 */
const viteBackendConfig = defineConfig({
  buildDirectory: 'public/assets',
  manifestFile: 'public/assets/.vite/manifest.json',
  assetsUrl: '/assets',
})

export default viteBackendConfig
