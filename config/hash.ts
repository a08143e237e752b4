import { defineConfig, drivers } from '@adonisjs/core/hash'
import app from '@adonisjs/core/services/app'

const hashConfig = defineConfig({
  default: 'scrypt',
  list: {
    scrypt: drivers.scrypt({
      // The suite makes thousands of accounts (each token-only one gets a random password, hashed):
      // at full cost that was ~60 ms of CPU each. A hash records its cost, so either verifies.
      cost: app.inTest ? 1024 : 16384,
      blockSize: 8,
      parallelization: 1,
      maxMemory: 33554432,
    }),
  },
})

export default hashConfig

declare module '@adonisjs/core/types' {
  export interface HashersList extends InferHashers<typeof hashConfig> {}
}
