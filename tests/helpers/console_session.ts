import env from '#start/env'

const baseUrl = `http://${env.get('HOST')}:${env.get('PORT')}`

export type InertiaPage = {
  status: number
  component: string
  props: Record<string, any>
  url: string
}

/**
 * A browser's console session over plain HTTP: cookies (session, XSRF-TOKEN) kept between requests,
 * the CSRF token sent as a browser's Inertia client sends it, and pages read as Inertia's JSON page
 * objects, so tests assert on the exact props a page renders.
 */
export class ConsoleSession {
  private cookies = new Map<string, string>()
  private version = ''
  /**
   * The last page read: forms are submitted from it (their Referer), as in a browser.
   */
  private currentPage = '/console'

  static async signIn(email: string, password: string): Promise<ConsoleSession> {
    const session = new ConsoleSession()
    const form = await session.fetch('GET', '/console/login', undefined, { inertia: false })
    const html = await form.text()
    const page = JSON.parse(decodeHtml(/data-page="([^"]*)"/.exec(html)![1]))
    session.version = String(page.version ?? '')
    const response = await session.fetch('POST', '/console/login', { email, password })
    if (
      response.status !== 302 ||
      new URL(response.headers.get('location')!, baseUrl).pathname !== '/console'
    ) {
      throw new Error(`Console sign-in failed for ${email} (${response.status})`)
    }
    return session
  }

  /**
   * A console page as Inertia's client reads it (following nothing: a redirect is returned as is).
   */
  async page(path: string): Promise<InertiaPage> {
    this.currentPage = path
    const response = await this.fetch('GET', path)
    const body = (await response.json()) as Omit<InertiaPage, 'status'>
    return { status: response.status, ...body }
  }

  /**
   * A form submission (POST, PATCH, DELETE) from the last page read, with the session's CSRF token;
   * `csrf: false` leaves it out. Returns the raw response (a redirect when the server answered one).
   */
  submit(
    method: 'POST' | 'PATCH' | 'DELETE',
    path: string,
    body?: unknown,
    options: { csrf?: boolean; raw?: string } = {}
  ) {
    return this.fetch(method, path, body, options)
  }

  async fetch(
    method: string,
    path: string,
    body?: unknown,
    options: { csrf?: boolean; inertia?: boolean; raw?: string } = {}
  ): Promise<Response> {
    const headers: Record<string, string> = {
      accept: 'text/html, application/xhtml+xml',
      referer: `${baseUrl}${method === 'GET' ? path : this.currentPage}`,
    }
    if (options.inertia !== false) {
      headers['x-inertia'] = 'true'
      headers['x-inertia-version'] = this.version
      headers['x-requested-with'] = 'XMLHttpRequest'
    }
    const xsrf = this.cookies.get('XSRF-TOKEN')
    if (method !== 'GET' && options.csrf !== false && xsrf)
      headers['x-xsrf-token'] = decodeURIComponent(xsrf)
    if (this.cookies.size > 0) {
      headers['cookie'] = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
    }
    let payload: string | undefined
    if (options.raw !== undefined) {
      payload = options.raw
      headers['content-type'] = 'application/json'
    } else if (body !== undefined) {
      payload = JSON.stringify(body)
      headers['content-type'] = 'application/json'
    }
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: payload,
      redirect: 'manual',
    })
    for (const cookie of response.headers.getSetCookie()) {
      const [pair, ...attributes] = cookie.split(';')
      const index = pair.indexOf('=')
      const name = pair.slice(0, index).trim()
      const value = pair.slice(index + 1).trim()
      const expired = attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute))
      if (expired || value === '') this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
    return response
  }
}

export function location(response: Response): string {
  return new URL(response.headers.get('location') ?? '', baseUrl).pathname
}

function decodeHtml(text: string): string {
  return text
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
}
