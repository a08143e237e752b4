import { defineConfig } from '@adonisjs/core/app'

export default defineConfig({
  /*
  | Ace commands from packages; the application's own are scanned from ./commands.
  */
  commands: [() => import('@adonisjs/core/commands'), () => import('@adonisjs/lucid/commands')],

  /*
  | Framework providers first, then one provider per Bindery domain. Each domain provider registers
  | that domain's routes and bindings: removing its line removes the domain.
  */
  providers: [
    () => import('@adonisjs/core/providers/app_provider'),
    () => import('@adonisjs/core/providers/hash_provider'),
    {
      file: () => import('@adonisjs/core/providers/repl_provider'),
      environment: ['repl', 'test'],
    },
    () => import('@adonisjs/core/providers/vinejs_provider'),
    () => import('@adonisjs/core/providers/edge_provider'),
    () => import('@adonisjs/lucid/database_provider'),
    () => import('@adonisjs/auth/auth_provider'),
    () => import('@adonisjs/redis/redis_provider'),
    () => import('@adonisjs/session/session_provider'),
    () => import('@adonisjs/shield/shield_provider'),
    () => import('@adonisjs/static/static_provider'),
    () => import('@adonisjs/vite/vite_provider'),
    () => import('@adonisjs/inertia/inertia_provider'),
    () => import('@adonisjs/bouncer/bouncer_provider'),
    () => import('@adonisjs/limiter/limiter_provider'),
    () => import('@adonisjs/drive/drive_provider'),

    () => import('#core/provider'),
    () => import('#accounts/provider'),
    () => import('#organizations/provider'),
    () => import('#spaces/provider'),
    () => import('#sso/provider'),
    () => import('#translations/provider'),
    () => import('#content/provider'),
    () => import('#change_requests/provider'),
    () => import('#comments/provider'),
    () => import('#sites/provider'),
    () => import('#integrations/provider'),
    () => import('#openapi/provider'),
    () => import('#console/provider'),
  ],

  preloads: [() => import('#start/kernel')],

  tests: {
    suites: [
      {
        files: ['tests/unit/**/*.spec(.ts|.js)'],
        name: 'unit',
        timeout: 10000,
      },
      {
        files: ['tests/functional/**/*.spec(.ts|.js)'],
        name: 'functional',
        timeout: 60000,
      },
      {
        files: ['tests/browser/**/*.spec(.ts|.js)'],
        name: 'browser',
        timeout: 120000,
      },
      {
        // `npm start`'s compiled build, served by several processes (builds it when stale).
        files: ['tests/production/**/*.spec(.ts|.js)'],
        name: 'production',
        timeout: 60000,
      },
    ],
    forceExit: false,
  },

  /*
  | Copied into a build as they are: views, the console's built assets, and the plain JavaScript
  | modules of bin/ (no TypeScript loader needed; tsc compiles only .ts files).
  */
  metaFiles: [
    { pattern: 'resources/views/**/*.edge', reloadServer: false },
    { pattern: 'public/**', reloadServer: false },
    { pattern: 'bin/*.js', reloadServer: false },
  ],

  assetsBundler: false,
  hooks: {
    onBuildStarting: [
      () => import('./bin/build_hooks.js').then((hooks) => ({ default: hooks.buildStarting })),
      () => import('@adonisjs/vite/build_hook'),
    ],
    onBuildCompleted: [
      () => import('./bin/build_hooks.js').then((hooks) => ({ default: hooks.buildCompleted })),
    ],
  },
})
