import { defineConfig } from '@adonisjs/inertia'
import type { InferSharedProps } from '@adonisjs/inertia/types'

const inertiaConfig = defineConfig({
  /**
   * resources/views/inertia_layout.edge: the HTML shell every console page is mounted in.
   */
  rootView: 'inertia_layout',

  /**
   * Props of every console page (besides `errors`, which the Inertia middleware shares). `always`:
   * partial reloads still refresh them.
   */
  sharedData: {
    user: (ctx) =>
      ctx.inertia.always(() => {
        const user = ctx.auth.use('web').user
        return user ? { email: user.email, displayName: user.displayName } : null
      }),
    /**
     * A sentence flashed by a successful console form ("Member removed"), shown once.
     */
    notice: (ctx) =>
      ctx.inertia.always(() => {
        const notice = ctx.session?.flashMessages.get('notice')
        return typeof notice === 'string' ? notice : null
      }),
  },

  ssr: { enabled: false },
})

export default inertiaConfig

declare module '@adonisjs/inertia/types' {
  export interface SharedProps extends InferSharedProps<typeof inertiaConfig> {}
}
