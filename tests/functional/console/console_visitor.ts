import type { ApiClient, ApiRequest, ApiResponse } from '@japa/api-client'
import type { SessionData } from '@adonisjs/session/types'
import User from '#accounts/models/user'
import { createRoster, MATRIX, type MatrixRole, type Roster } from '#tests/helpers/roles'

export type FormMethod = 'POST' | 'PUT' | 'PATCH' | 'DELETE'

/**
 * A signed-in user of the console, through Japa's plugins: the session guard's `loginAs`, shield's
 * `withCsrfToken`, Inertia's `withInertia`, and the session's flash messages, which a form's
 * redirect carries to the next page read (as a browser's session would).
 */
export class ConsoleVisitor {
  /**
   * The last page read: forms are submitted from it (their Referer), as in a browser.
   */
  private currentPage = '/console'
  private flash: SessionData = {}

  constructor(
    private client: ApiClient,
    public user: User
  ) {}

  static async of(client: ApiClient, userId: string) {
    return new ConsoleVisitor(client, await User.findOrFail(userId))
  }

  private request(method: string, path: string): ApiRequest {
    return this.client
      .request(path, method)
      .withGuard('web')
      .loginAs(this.user)
      .withInertia()
      .redirects(0)
  }

  /**
   * A console page as Inertia's client reads it (a redirect is returned as is), showing what the
   * last form flashed.
   */
  async page(path: string) {
    this.currentPage = path
    const response = await this.request('GET', path).withFlashMessages(this.flash)
    this.flash = {}
    response.assertHeader('x-inertia', 'true')
    return {
      status: response.status(),
      component: response.inertiaComponent as string,
      props: response.inertiaProps as Record<string, any>,
      /** For Inertia's assertions: `assertInertiaPropsContains`, `assertInertiaProps`. */
      response,
    }
  }

  /**
   * A form submission from the last page read, with a CSRF token unless `csrf: false`; `raw` is
   * sent as the JSON body as it is.
   */
  async submit(
    method: FormMethod,
    path: string,
    body?: unknown,
    options: { csrf?: boolean; raw?: string } = {}
  ) {
    let request = this.request(method, path).header('referer', this.currentPage)
    if (options.csrf !== false) request = request.withCsrfToken()
    if (options.raw !== undefined) request = request.json(options.raw)
    else if (body !== undefined) request = request.json(body as object)
    const response = await request
    this.flash = response.flashMessages() ?? {}
    return { status: response.status(), location: location(response) }
  }

  /**
   * The errors and notice a page shows after a form's redirect.
   */
  async flashed(path: string) {
    const page = await this.page(path)
    return { errors: page.props.errors ?? {}, notice: page.props.notice ?? null, page }
  }

  /**
   * The status a page answers with.
   */
  async status(path: string) {
    const page = await this.page(path)
    return page.status
  }

  /**
   * The status a form submission answers with (303 when the form went through or was refused
   * with flashed errors).
   */
  async submitStatus(...submission: Parameters<ConsoleVisitor['submit']>) {
    const response = await this.submit(...submission)
    return response.status
  }

  async flashedErrors(path: string): Promise<Record<string, any>> {
    const { errors } = await this.flashed(path)
    return errors
  }

  /**
   * The message a page shows for the error `code` flashed by the last form.
   */
  async flashedError(path: string, code: string) {
    const errors = await this.flashedErrors(path)
    return errors[code]
  }

  async notice(path: string) {
    const { notice } = await this.flashed(path)
    return notice
  }
}

function location(response: ApiResponse): string {
  const header = response.header('location')
  return header ? new URL(header, 'http://console.test').pathname : ''
}

/**
 * Console visitors for every role of the authorization matrix (admin, create, edit, read, guest,
 * outsider = admin of another organization).
 */
export async function signedInRoster(client: ApiClient): Promise<{
  roster: Roster
  as: Record<MatrixRole, ConsoleVisitor>
}> {
  const roster = await createRoster()
  const as = {} as Record<MatrixRole, ConsoleVisitor>
  for (const role of MATRIX) as[role] = await ConsoleVisitor.of(client, roster[role].user.id)
  return { roster, as }
}
