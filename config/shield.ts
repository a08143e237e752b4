import app from '@adonisjs/core/services/app'
import { defineConfig } from '@adonisjs/shield'

/**
 * Vite's dev server (`node ace serve` and tests) talks to the page over a websocket for hot
 * reloads; built assets never do.
 */
const devConnect = app.inProduction ? [] : ['ws:', 'wss:']

/**
 * Shield protects the console (CSRF, CSP, frame and content-type options); its middleware runs on
 * the console's route group only. The `/v1` API authenticates with bearer tokens, not cookies, so
 * CSRF does not apply there. HSTS is sent by SecurityHeadersMiddleware, over HTTPS only.
 */
const shieldConfig = defineConfig({
  csp: {
    enabled: true,
    directives: {
      defaultSrc: [`'self'`],
      // Scripts: the console's own files, and inline ones only with this answer's nonce (Vite's
      // React refresh preamble in development, given `cspNonce` in inertia_layout.edge).
      scriptSrc: [`'self'`, '@nonce'],
      // Inline styles stay allowed: Vite's dev server, CodeMirror and Inertia's progress bar insert
      // <style> elements, and styles cannot run code.
      styleSrc: [`'self'`, `'unsafe-inline'`],
      // Markdown previews show images from anywhere on the web, as the published reader does.
      imgSrc: [`'self'`, 'data:', 'blob:', 'https:'],
      fontSrc: [`'self'`, 'data:'],
      connectSrc: [`'self'`, ...devConnect],
      objectSrc: [`'none'`],
      baseUri: [`'self'`],
      frameAncestors: [`'none'`],
    },
    reportOnly: false,
  },
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
  hsts: { enabled: false },
  contentTypeSniffing: { enabled: true },
})

export default shieldConfig
