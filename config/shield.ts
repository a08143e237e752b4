import { defineConfig } from '@adonisjs/shield'

/**
 * Shield protects the console (CSRF, frame and content-type options). The `/v1` API authenticates
 * with bearer tokens, not cookies, so CSRF does not apply there.
 */
const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    exceptRoutes: (ctx) => ctx.request.url().startsWith('/v1/') || ctx.request.url() === '/v1',
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
