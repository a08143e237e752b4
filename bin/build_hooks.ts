/*
| Hooks of `node ace build` (adonisrc.ts): every finished build gets its stamp (bin/project.js),
| which says when it started — a source saved after that makes it stale — and where the project
| is, so the build reads the project's `.env`, database and files.
*/
import type { AssemblerHookHandler } from '@adonisjs/core/types/app'
import { writeStamp } from './project.js'

const projectRoot = new URL('../', import.meta.url)
let startedAt = Date.now()

/** Before Vite and tsc read any source. */
export const buildStarting: AssemblerHookHandler = () => {
  startedAt = Date.now()
}

/** Once the build is complete (never after a failed one). */
export const buildCompleted: AssemblerHookHandler = ({ logger }) => {
  writeStamp(projectRoot, startedAt)
  logger.info('stamped the build (build/bindery-build.json)')
}
