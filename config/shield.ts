import { defineConfig } from '@adonisjs/shield'

/**
 * Shield protects the console (CSRF, frame and content-type options). The `/v1` API authenticates
 * with bearer tokens, not cookies, so CSRF does not apply there.
 */
const shieldConfig = defineConfig({
  csp: { enabled: false, directives: {}, reportOnly: false },
  csrf: {
    enabled: true,
    // /v1 authenticates with bearer tokens; /sso/saml/{id}/acs is posted by the identity provider's
    // page, which cannot hold a CSRF token (the SAML response's signature protects it instead).
    exceptRoutes: (ctx) =>
      ctx.request.url().startsWith('/v1/') ||
      ctx.request.url() === '/v1' ||
      ctx.request.url().startsWith('/sso/'),
    enableXsrfCookie: true,
    methods: ['POST', 'PUT', 'PATCH', 'DELETE'],
  },
  xFrame: { enabled: true, action: 'DENY' },
  hsts: { enabled: true, maxAge: '180 days' },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
