import { resolve } from 'node:path'
import app from '@adonisjs/core/services/app'
import { projectRootOf } from '../../bin/project.js'

/**
 * A path in the project directory: where `.env`'s relative paths (SQLITE_PATH, DRIVE_ROOT) point,
 * whether the application runs from its TypeScript sources or from a compiled build in `build/`
 * (whose own root is emptied by every rebuild). Absolute paths are kept as they are.
 */
export function projectPath(...paths: string[]) {
  return resolve(projectRootOf(app.appRoot), ...paths)
}
