import env from '#start/env'
import app from '@adonisjs/core/services/app'
import { defineConfig, targets } from '@adonisjs/core/logger'

/**
 * JSON lines on stdout in production and tests, written by pino itself; pretty lines in
 * development. (A pino transport, even to stdout, runs in a worker thread of its own: ~16 MiB more
 * per server process.)
 */
const loggerConfig = defineConfig({
  default: 'app',
  loggers: {
    app: {
      enabled: true,
      name: 'bindery',
      level: env.get('LOG_LEVEL', 'info'),
      ...(app.inProduction || app.inTest
        ? {}
        : { transport: { targets: targets().push(targets.pretty()).toArray() } }),
    },
  },
})

export default loggerConfig

declare module '@adonisjs/core/types' {
  export interface LoggersList extends InferLoggers<typeof loggerConfig> {}
}
