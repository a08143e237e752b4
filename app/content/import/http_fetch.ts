import http from 'node:http'
import https from 'node:https'
import type { Readable } from 'node:stream'
import zlib from 'node:zlib'
import {
  pinnedLookup,
  type SsrfGuard,
  SsrfRefusedError,
  type CheckedTarget,
} from '#content/import/ssrf_guard'

/**
 * One guarded GET: every hop (the URL and each redirect target) passes the SSRF guard and connects
 * to the addresses the guard checked; the whole exchange (redirects and body) has one timeout; the
 * body is read as a stream and abandoned as soon as it grows beyond `maxBytes` (after decompression,
 * so a small gzip bomb is cut off too).
 */

export type FetchFailure =
  'refused' | 'timeout' | 'too_large' | 'status' | 'network' | 'content_type' | 'redirects'

export class FetchError extends Error {
  constructor(
    readonly url: string,
    readonly kind: FetchFailure,
    message: string,
    readonly status?: number
  ) {
    super(message)
    this.name = 'FetchError'
  }
}

export interface FetchOptions {
  guard: SsrfGuard
  /** Budget of the whole fetch, redirects and body included. */
  timeoutMs: number
  maxBytes: number
  maxRedirects?: number
  accept?: string
  userAgent?: string
  /** Aborts the fetch from outside (the crawl's overall time budget). */
  signal?: AbortSignal
  /** Refuses a response by its content type before its body is read (its reason in the error). */
  acceptContentType?: (contentType: string) => boolean
  /** GET by default; another method sends `body` (and keeps it across 307/308 redirects only). */
  method?: string
  body?: string | Buffer
  /** Extra request headers (accept and user-agent come from their own options). */
  headers?: Record<string, string>
  /** Answer any final status (4xx/5xx included) instead of failing with kind `status`. */
  anyStatus?: boolean
}

export interface FetchedResource {
  /** URL of the last hop. */
  url: string
  /** URLs that redirected, in order (the requested URL first when it redirected). */
  redirectedFrom: string[]
  status: number
  /** Media type, lower-cased, without parameters. */
  contentType: string
  /** `charset` parameter of the Content-Type, if any. */
  charset?: string
  /** Response headers, names lower-cased (repeated ones joined with ", "). */
  headers: Record<string, string>
  body: Buffer
}

const REDIRECTS = new Set([301, 302, 303, 307, 308])
export const DEFAULT_USER_AGENT = 'Bindery-Import/1.0'

export async function guardedFetch(input: string, options: FetchOptions): Promise<FetchedResource> {
  const timeout = new AbortController()
  const timer = setTimeout(() => timeout.abort(), options.timeoutMs)
  const signal = options.signal ? AbortSignal.any([timeout.signal, options.signal]) : timeout.signal
  const redirectedFrom: string[] = []
  let current = input
  let method = (options.method ?? 'GET').toUpperCase()
  let body = options.body
  try {
    for (let hop = 0; ; hop++) {
      let target: CheckedTarget
      try {
        target = await options.guard.check(current)
      } catch (error) {
        if (error instanceof SsrfRefusedError)
          throw new FetchError(current, 'refused', error.message)
        throw error
      }
      if (signal.aborted) throw new FetchError(current, 'timeout', `${current}: timed out`)
      const response = await request(target, options, signal, method, body)
      const status = response.statusCode ?? 0
      const location = response.headers.location
      if (REDIRECTS.has(status) && location) {
        response.destroy()
        if (hop >= (options.maxRedirects ?? 5)) {
          throw new FetchError(input, 'redirects', `${input}: too many redirects`)
        }
        redirectedFrom.push(target.url.href)
        current = new URL(location, target.url).href
        if (status !== 307 && status !== 308) {
          method = method === 'HEAD' ? 'HEAD' : 'GET'
          body = undefined
        }
        continue
      }
      if (!options.anyStatus && (status < 200 || status > 299)) {
        response.destroy()
        throw new FetchError(
          target.url.href,
          'status',
          `${target.url.href} answered HTTP ${status}`,
          status
        )
      }
      const [mediaType, ...parameters] = String(response.headers['content-type'] ?? '').split(';')
      const contentType = mediaType.trim().toLowerCase()
      const charset = parameters
        .map((part) => part.trim().match(/^charset="?([^"]+)"?$/i)?.[1])
        .find((value) => value !== undefined)
      if (options.acceptContentType && !options.acceptContentType(contentType)) {
        response.destroy()
        throw new FetchError(
          target.url.href,
          'content_type',
          `${target.url.href} is ${contentType || 'of no declared type'}, which cannot be imported`
        )
      }
      const headers: Record<string, string> = {}
      for (const [name, value] of Object.entries(response.headers)) {
        if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(', ') : value
      }
      const content =
        method === 'HEAD'
          ? Buffer.alloc(0)
          : await readBody(response, target.url.href, options.maxBytes)
      return {
        url: target.url.href,
        redirectedFrom,
        status,
        contentType,
        charset,
        headers,
        body: content,
      }
    }
  } catch (error) {
    if (error instanceof FetchError) throw error
    if (signal.aborted)
      throw new FetchError(current, 'timeout', `${current} did not answer in time`)
    throw new FetchError(
      current,
      'network',
      `${current} could not be fetched (${(error as Error).message})`
    )
  } finally {
    clearTimeout(timer)
  }
}

function request(
  target: CheckedTarget,
  options: FetchOptions,
  signal: AbortSignal,
  method: string,
  body: string | Buffer | undefined
) {
  const client = target.url.protocol === 'https:' ? https : http
  return new Promise<http.IncomingMessage>((resolve, reject) => {
    const req = client.request(target.url, {
      method,
      agent: false,
      lookup: pinnedLookup(target) as any,
      signal,
      headers: {
        ...options.headers,
        'accept': options.accept ?? '*/*',
        'accept-encoding': 'gzip, deflate, br',
        'user-agent': options.userAgent ?? DEFAULT_USER_AGENT,
      },
    })
    req.once('response', resolve)
    req.once('error', reject)
    req.end(body)
  })
}

async function readBody(
  response: http.IncomingMessage,
  url: string,
  maxBytes: number
): Promise<Buffer> {
  const encoding = String(response.headers['content-encoding'] ?? '')
    .trim()
    .toLowerCase()
  const declared = Number(response.headers['content-length'])
  if (!encoding && Number.isFinite(declared) && declared > maxBytes) {
    response.destroy()
    throw tooLarge(url, maxBytes)
  }
  let stream: Readable = response
  const decoder =
    encoding === 'gzip' || encoding === 'x-gzip'
      ? zlib.createGunzip()
      : encoding === 'deflate'
        ? zlib.createInflate()
        : encoding === 'br'
          ? zlib.createBrotliDecompress()
          : undefined
  if (decoder) {
    response.once('error', (error) => decoder.destroy(error))
    stream = response.pipe(decoder)
  }
  const chunks: Buffer[] = []
  let size = 0
  try {
    for await (const chunk of stream) {
      size += (chunk as Buffer).length
      if (size > maxBytes) throw tooLarge(url, maxBytes)
      chunks.push(chunk as Buffer)
    }
  } finally {
    if (size > maxBytes || !response.complete) {
      response.destroy()
      decoder?.destroy()
    }
  }
  return Buffer.concat(chunks, size)
}

function tooLarge(url: string, maxBytes: number) {
  return new FetchError(url, 'too_large', `${url} is larger than ${maxBytes} bytes`)
}
