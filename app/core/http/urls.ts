import { appUrl } from '#config/app'

/**
 * Absolute URLs of records, built from APP_URL: `location` points into the API, `app` into the console,
 * `site` anywhere else on the server (browser routes such as SSO's).
 */
export const urls = {
  api(path: string): string {
    return `${appUrl}/v1${path}`
  },
  app(path: string): string {
    return `${appUrl}/console${path}`
  },
  site(path: string): string {
    return `${appUrl}${path}`
  },
}
