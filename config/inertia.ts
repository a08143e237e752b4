import { defineConfig } from '@adonisjs/inertia'

const inertiaConfig = defineConfig({
  /**
   * resources/views/inertia_layout.edge: the HTML shell every console page is mounted in.
   */
  rootView: 'inertia_layout',

  /**
   * Props of every page are shared by the console (ConsoleSharedDataMiddleware), which owns them.
   */
  sharedData: {},

  ssr: { enabled: false },
})

export default inertiaConfig
