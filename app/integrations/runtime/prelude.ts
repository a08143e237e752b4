/**
 * The JavaScript that sets up an integration's isolate before its script runs: console, timers,
 * fetch and the few web classes GitBook's runtime uses (Headers, Request, Response, FormData, URL,
 * URLSearchParams, TextEncoder, TextDecoder, AbortController), then `__bindery_dispatch`, which the
 * host calls to deliver one event. Everything here runs inside the isolate; the host functions it
 * receives (log, fetch, sleep) are arguments of this function, kept in its closure and never put
 * on the global object, so the script reaches the host only through the shims that use them.
 *
 * Plain ES2022 without imports: it is compiled as a script in a bare V8 context.
 */
export const PRELUDE = String.raw`
(function (log, hostFetch, sleep, limits) {
  'use strict'
  const g = globalThis

  // console: every line goes to the host, which keeps a bounded number of them.
  const show = (value) => {
    if (typeof value === 'string') return value
    if (value instanceof Error) return value.stack || value.name + ': ' + value.message
    if (typeof value === 'function') return '[Function ' + (value.name || 'anonymous') + ']'
    try {
      const text = JSON.stringify(value)
      return text === undefined ? String(value) : text
    } catch {
      return String(value)
    }
  }
  const logger = (level) => (...args) => {
    let text = ''
    for (const arg of args) {
      text += (text ? ' ' : '') + show(arg)
      if (text.length > limits.maxLogLineChars) break
    }
    log(level, text.slice(0, limits.maxLogLineChars))
  }
  const console = {}
  for (const level of ['log', 'info', 'warn', 'error', 'debug']) console[level] = logger(level)
  console.trace = console.debug

  // Timers: the host waits, the callback runs here; bounded in number and by the run's deadline.
  let timerIds = 0
  const timers = new Map()
  const setTimeout = (callback, delay = 0, ...args) => {
    if (typeof callback !== 'function') throw new TypeError('setTimeout needs a function')
    if (timers.size >= limits.maxTimers) throw new Error('too many pending timers')
    const id = ++timerIds
    timers.set(id, true)
    const ms = Math.min(Math.max(0, Number(delay) || 0), limits.wallTimeMs)
    sleep.apply(undefined, [ms], { result: { promise: true } }).then(() => {
      if (!timers.delete(id)) return
      callback(...args)
    })
    return id
  }
  const clearTimeout = (id) => {
    timers.delete(id)
  }

  // UTF-8
  class TextEncoder {
    get encoding() {
      return 'utf-8'
    }
    encode(input = '') {
      const text = String(input)
      const bytes = []
      for (const char of text) {
        let code = char.codePointAt(0)
        if (code >= 0xd800 && code <= 0xdfff) code = 0xfffd
        if (code < 0x80) bytes.push(code)
        else if (code < 0x800) bytes.push(0xc0 | (code >> 6), 0x80 | (code & 63))
        else if (code < 0x10000)
          bytes.push(0xe0 | (code >> 12), 0x80 | ((code >> 6) & 63), 0x80 | (code & 63))
        else
          bytes.push(
            0xf0 | (code >> 18),
            0x80 | ((code >> 12) & 63),
            0x80 | ((code >> 6) & 63),
            0x80 | (code & 63)
          )
      }
      return new Uint8Array(bytes)
    }
  }
  class TextDecoder {
    get encoding() {
      return 'utf-8'
    }
    decode(input) {
      if (input === undefined) return ''
      const bytes =
        input instanceof Uint8Array
          ? input
          : ArrayBuffer.isView(input)
            ? new Uint8Array(input.buffer, input.byteOffset, input.byteLength)
            : new Uint8Array(input)
      let out = ''
      for (let i = 0; i < bytes.length; ) {
        const byte = bytes[i]
        let code = 0xfffd
        let size = 1
        if (byte < 0x80) code = byte
        else if (byte >= 0xc0 && byte < 0xe0 && i + 1 < bytes.length) {
          code = ((byte & 31) << 6) | (bytes[i + 1] & 63)
          size = 2
        } else if (byte >= 0xe0 && byte < 0xf0 && i + 2 < bytes.length) {
          code = ((byte & 15) << 12) | ((bytes[i + 1] & 63) << 6) | (bytes[i + 2] & 63)
          size = 3
        } else if (byte >= 0xf0 && i + 3 < bytes.length) {
          code =
            ((byte & 7) << 18) |
            ((bytes[i + 1] & 63) << 12) |
            ((bytes[i + 2] & 63) << 6) |
            (bytes[i + 3] & 63)
          size = 4
        }
        out += String.fromCodePoint(code > 0x10ffff ? 0xfffd : code)
        i += size
      }
      return out
    }
  }

  // URL and URLSearchParams: absolute http(s)-style URLs, relative references against a base.
  // Ordered name/value pairs: the common part of URLSearchParams and FormData.
  const LIST = Symbol('list')
  class EntryList {
    constructor() {
      this[LIST] = []
    }
    get(name) {
      const hit = this[LIST].find(([k]) => k === name)
      return hit ? hit[1] : null
    }
    getAll(name) {
      return this[LIST].filter(([k]) => k === name).map(([, v]) => v)
    }
    has(name) {
      return this[LIST].some(([k]) => k === name)
    }
    set(name, value) {
      this.delete(name)
      this.append(name, value)
    }
    append(name, value) {
      this[LIST].push([String(name), this.coerce(value)])
    }
    coerce(value) {
      return value
    }
    delete(name) {
      this[LIST] = this[LIST].filter(([k]) => k !== name)
    }
    forEach(fn) {
      for (const [k, v] of this[LIST]) fn(v, k, this)
    }
    entries() {
      return this[LIST].map(([k, v]) => [k, v])[Symbol.iterator]()
    }
    keys() {
      return this[LIST].map(([k]) => k)[Symbol.iterator]()
    }
    values() {
      return this[LIST].map(([, v]) => v)[Symbol.iterator]()
    }
    [Symbol.iterator]() {
      return this.entries()
    }
  }

  class URLSearchParams extends EntryList {
    constructor(init = '') {
      super()
      if (typeof init === 'string') {
        const decode = (s) => decodeURIComponent(s.replace(/\+/g, ' '))
        for (const part of init.replace(/^\?/, '').split('&')) {
          if (!part) continue
          const at = part.indexOf('=')
          if (at < 0) this.append(decode(part), '')
          else this.append(decode(part.slice(0, at)), decode(part.slice(at + 1)))
        }
      } else if (init && typeof init[Symbol.iterator] === 'function') {
        for (const [k, v] of init) this.append(k, v)
      } else if (init && typeof init === 'object') {
        for (const k of Object.keys(init)) this.append(k, init[k])
      }
    }
    coerce(value) {
      return String(value)
    }
    toString() {
      const encode = (s) => encodeURIComponent(s).replace(/%20/g, '+')
      return this[LIST].map(([k, v]) => encode(k) + '=' + encode(v)).join('&')
    }
  }

  const URL_PATTERN = /^([a-zA-Z][a-zA-Z0-9+.-]*:)\/\/(?:([^:@\/?#]*)(?::([^@\/?#]*))?@)?(\[[^\]]+\]|[^:\/?#]*)(?::(\d*))?([^?#]*)(\?[^#]*)?(#.*)?$/
  const DEFAULT_PORTS = { 'http:': '80', 'https:': '443', 'ws:': '80', 'wss:': '443' }
  const normalizePath = (path) => {
    const out = []
    for (const segment of path.split('/').slice(1)) {
      if (segment === '..') out.pop()
      else if (segment !== '.') out.push(segment)
    }
    const last = path.split('/').pop()
    if (last === '.' || last === '..') out.push('')
    return '/' + out.join('/')
  }
  class URL {
    constructor(input, base) {
      let text = String(input).trim()
      if (!/^[a-zA-Z][a-zA-Z0-9+.-]*:/.test(text)) {
        if (base === undefined) throw new TypeError('Invalid URL: ' + text)
        const root = new URL(base)
        if (text.startsWith('//')) text = root.protocol + text
        else if (text.startsWith('/')) text = root.origin + text
        else if (text.startsWith('?')) text = root.origin + root.pathname + text
        else if (text.startsWith('#')) text = root.origin + root.pathname + root.search + text
        else text = root.origin + root.pathname.replace(/[^/]*$/, '') + text
      }
      const match = URL_PATTERN.exec(text)
      if (!match || !match[4]) throw new TypeError('Invalid URL: ' + text)
      this.protocol = match[1].toLowerCase()
      this.username = match[2] || ''
      this.password = match[3] || ''
      this.hostname = match[4].toLowerCase()
      this.port = match[5] && match[5] !== DEFAULT_PORTS[this.protocol] ? match[5] : ''
      this.pathname = normalizePath(match[6] ? match[6] : '/')
      this.search = match[7] && match[7] !== '?' ? match[7] : ''
      this.hash = match[8] && match[8] !== '#' ? match[8] : ''
    }
    get host() {
      return this.hostname + (this.port ? ':' + this.port : '')
    }
    get origin() {
      return this.protocol + '//' + this.host
    }
    get searchParams() {
      return new URLSearchParams(this.search)
    }
    get href() {
      const auth = this.username
        ? this.username + (this.password ? ':' + this.password : '') + '@'
        : ''
      return this.protocol + '//' + auth + this.host + this.pathname + this.search + this.hash
    }
    toString() {
      return this.href
    }
    toJSON() {
      return this.href
    }
  }

  class Headers {
    #map = new Map()
    constructor(init) {
      if (init instanceof Headers) init.forEach((v, k) => this.append(k, v))
      else if (Array.isArray(init)) for (const [k, v] of init) this.append(k, v)
      else if (init && typeof init === 'object')
        for (const k of Object.keys(init)) this.append(k, init[k])
    }
    get(name) {
      const value = this.#map.get(String(name).toLowerCase())
      return value === undefined ? null : value
    }
    set(name, value) {
      this.#map.set(String(name).toLowerCase(), String(value))
    }
    append(name, value) {
      const key = String(name).toLowerCase()
      const old = this.#map.get(key)
      this.#map.set(key, old === undefined ? String(value) : old + ', ' + String(value))
    }
    has(name) {
      return this.#map.has(String(name).toLowerCase())
    }
    delete(name) {
      this.#map.delete(String(name).toLowerCase())
    }
    forEach(fn) {
      for (const [k, v] of this.#map) fn(v, k, this)
    }
    entries() {
      return this.#map.entries()
    }
    keys() {
      return this.#map.keys()
    }
    values() {
      return this.#map.values()
    }
    [Symbol.iterator]() {
      return this.#map.entries()
    }
  }

  // Form fields keep their values as given (strings here).
  class FormData extends EntryList {}

  const bodyText = (body) => {
    if (body === undefined || body === null) return null
    if (typeof body === 'string') return body
    if (body instanceof URLSearchParams) return body.toString()
    if (body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return new TextDecoder().decode(body)
    return String(body)
  }

  class Body {
    #text
    #used = false
    constructor(body) {
      this.#text = bodyText(body)
    }
    get bodyUsed() {
      return this.#used
    }
    get body() {
      return this.#text
    }
    async text() {
      if (this.#used) throw new TypeError('Body has already been used')
      this.#used = true
      return this.#text === null ? '' : this.#text
    }
    async json() {
      return JSON.parse(await this.text())
    }
    async arrayBuffer() {
      return new TextEncoder().encode(await this.text()).buffer
    }
    // The dispatch request's JSON body also reads as form fields (GitBook's runtime reads
    // event, environment and fetch-body that way); a urlencoded body reads as its fields.
    async formData() {
      const text = await this.text()
      const form = new FormData()
      const type = (this.headers.get('content-type') || '').toLowerCase()
      if (type.startsWith('application/json')) {
        const data = JSON.parse(text || '{}')
        for (const key of Object.keys(data)) {
          const value = data[key]
          form.append(key, typeof value === 'string' ? value : JSON.stringify(value))
        }
      } else {
        for (const [k, v] of new URLSearchParams(text)) form.append(k, v)
      }
      return form
    }
  }

  class Request extends Body {
    constructor(input, init = {}) {
      const source = input instanceof Request ? input : null
      super(init.body !== undefined ? init.body : source ? source.body : null)
      this.url = source ? source.url : new URL(String(input)).href
      this.method = String(init.method || (source ? source.method : 'GET')).toUpperCase()
      this.headers = new Headers(init.headers || (source ? source.headers : undefined))
      this.signal = init.signal || null
    }
    clone() {
      return new Request(this)
    }
  }

  class Response extends Body {
    constructor(body = null, init = {}) {
      super(body)
      this.status = init.status === undefined ? 200 : Number(init.status)
      this.statusText = init.statusText || ''
      this.headers = new Headers(init.headers)
      this.url = init.url || ''
      this.redirected = false
    }
    get ok() {
      return this.status >= 200 && this.status < 300
    }
    clone() {
      return new Response(this.body, this)
    }
    static json(data, init = {}) {
      const headers = new Headers(init.headers)
      if (!headers.has('content-type')) headers.set('content-type', 'application/json')
      return new Response(JSON.stringify(data), { ...init, headers })
    }
    static redirect(url, status = 302) {
      return new Response(null, { status, headers: { location: String(url) } })
    }
    static error() {
      return new Response(null, { status: 0 })
    }
  }

  class AbortSignal {
    aborted = false
    reason = undefined
    #listeners = []
    addEventListener(type, fn) {
      if (type === 'abort') this.#listeners.push(fn)
    }
    removeEventListener(type, fn) {
      this.#listeners = this.#listeners.filter((l) => l !== fn)
    }
    throwIfAborted() {
      if (this.aborted) throw this.reason
    }
    _abort(reason) {
      if (this.aborted) return
      this.aborted = true
      this.reason = reason === undefined ? new Error('This operation was aborted') : reason
      for (const fn of this.#listeners) fn({ type: 'abort' })
    }
  }
  class AbortController {
    signal = new AbortSignal()
    abort(reason) {
      this.signal._abort(reason)
    }
  }

  // fetch: the host makes the request through its SSRF guard, within the run's fetch budget.
  const fetch = async (input, init = {}) => {
    const request = input instanceof Request && !init.body ? input : new Request(input, init)
    const headers = {}
    request.headers.forEach((v, k) => {
      headers[k] = v
    })
    const answer = await hostFetch.apply(
      undefined,
      [request.url, request.method, headers, request.body],
      { arguments: { copy: true }, result: { promise: true, copy: true } }
    )
    if (answer.error) throw new TypeError(answer.error)
    const response = new Response(answer.body, {
      status: answer.status,
      statusText: answer.statusText,
      headers: answer.headers,
      url: answer.url,
    })
    return response
  }

  // Old-style workers register a fetch listener instead of exporting a handler.
  const listeners = []
  const addEventListener = (type, listener) => {
    if (type === 'fetch' && typeof listener === 'function') listeners.push(listener)
  }

  const globals = {
    console,
    setTimeout,
    clearTimeout,
    TextEncoder,
    TextDecoder,
    URL,
    URLSearchParams,
    Headers,
    FormData,
    Request,
    Response,
    AbortController,
    AbortSignal,
    fetch,
    addEventListener,
    self: g,
  }
  for (const name of Object.keys(globals)) {
    Object.defineProperty(g, name, {
      value: globals[name],
      writable: true,
      configurable: true,
      enumerable: false,
    })
  }

  const handlerOf = () => {
    const candidates = [g.__bindery_module_default, g.__gitbook_integration]
    for (const candidate of candidates) {
      if (!candidate) continue
      if (typeof candidate.fetch === 'function') return (req, env, ctx) => candidate.fetch(req, env, ctx)
      if (candidate.default && typeof candidate.default.fetch === 'function')
        return (req, env, ctx) => candidate.default.fetch(req, env, ctx)
      if (typeof candidate === 'function') return candidate
    }
    if (listeners.length > 0) {
      return (request) =>
        new Promise((resolve, reject) => {
          let answered = false
          const event = {
            type: 'fetch',
            request,
            respondWith(value) {
              answered = true
              Promise.resolve(value).then(resolve, reject)
            },
            waitUntil() {},
          }
          for (const listener of listeners) listener(event)
          if (!answered) reject(new Error('the fetch listener did not call respondWith'))
        })
    }
    return null
  }

  Object.defineProperty(g, '__bindery_dispatch', {
    value: async (payload) => {
      const handler = handlerOf()
      if (!handler) throw new Error('the script exports no fetch handler (export default { fetch })')
      const request = new Request(payload.url, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: payload.body,
      })
      const pending = []
      const ctx = {
        waitUntil(promise) {
          pending.push(Promise.resolve(promise))
        },
        passThroughOnException() {},
      }
      const response = await handler(request, {}, ctx)
      await Promise.all(pending)
      if (!(response instanceof Response)) {
        throw new Error('the fetch handler did not answer a Response')
      }
      const headers = {}
      response.headers.forEach((v, k) => {
        headers[k] = v
      })
      const text = await response.text()
      return {
        status: response.status,
        headers,
        body: text.length > limits.maxResponseChars ? text.slice(0, limits.maxResponseChars) : text,
        truncated: text.length > limits.maxResponseChars,
      }
    },
  })
})
`
