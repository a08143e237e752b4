import env from '#start/env'
import { defineConfig, services } from '@adonisjs/drive'
import { projectPath } from '#core/project_path'

/**
 * File bytes of space content. Local disk by default; files are served by the content domain's
 * signed download route, never straight from the disk, so `serveFiles` stays off.
 */
const driveConfig = defineConfig({
  default: env.get('DRIVE_DISK', 'fs'),

  services: {
    fs: services.fs({
      location: projectPath(env.get('DRIVE_ROOT', 'storage')),
      serveFiles: false,
      visibility: 'private',
    }),
  },
})

export default driveConfig

declare module '@adonisjs/drive/types' {
  export interface DriveDisks extends InferDriveDisks<typeof driveConfig> {}
}
