import { promises as dns, type LookupAddress } from 'node:dns'
import { isIP } from 'node:net'
import ipaddr from 'ipaddr.js'

/**
 * Keeps imports from reaching the server's own network (SSRF). A URL passes when it is http(s) and
 * every address its host resolves to is a public unicast address — or when its host (or host:port)
 * is listed in the allow-list (`IMPORT_ALLOWED_HOSTS`, for imports from an intranet on purpose).
 *
 * The check resolves the host once and hands back the addresses it checked; `pinnedLookup` makes
 * the connection use exactly those, so a DNS answer that changes between the check and the
 * connection (DNS rebinding) cannot reach anything the check did not see. Redirects are checked hop
 * by hop by the fetcher with the same guard.
 */

export type Resolver = (hostname: string) => Promise<LookupAddress[]>

export interface SsrfGuardOptions {
  /** Hosts (`name`, `name:port`, `[v6]:port`, IP literals) reachable whatever they resolve to. */
  allowedHosts?: Iterable<string>
  /** DNS resolution; `dns.lookup` with all addresses by default (tests inject answers). */
  resolve?: Resolver
}

/** The URL is not one an import may fetch: `reason` is a sentence for the caller. */
export class SsrfRefusedError extends Error {
  constructor(
    readonly url: string,
    readonly reason: string
  ) {
    super(`${url}: ${reason}`)
    this.name = 'SsrfRefusedError'
  }
}

/** A URL that passed the guard, with the addresses the connection must use. */
export interface CheckedTarget {
  url: URL
  /** Hostname as the connection sees it (IPv6 literals without brackets). */
  hostname: string
  addresses: LookupAddress[]
  /** True when the host is on the allow-list (its addresses were not checked). */
  allowListed: boolean
}

/**
 * Whether an IP address is one an import must not reach: anything that is not public unicast in
 * ipaddr.js's classification (loopback, private, link-local, CGNAT, reserved, documentation,
 * multicast, unique-local, discard...). IPv6 forms that carry an IPv4 address are judged by that
 * address: IPv4-mapped `::ffff:a.b.c.d`, IPv4-translated `::ffff:0:a.b.c.d`, NAT64 `64:ff9b::/96`,
 * 6to4 `2002::/16` and Teredo `2001::/32` (its server and its obfuscated client address). The
 * local-use NAT64 prefix `64:ff9b:1::/48` and the deprecated IPv4-compatible `::/96` are refused
 * outright: they translate into the operator's own network, whatever the IPv4 they spell.
 * Anything that is not an IP address is refused.
 */
export function isForbiddenAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  // node's isIP is strict (no `0x7f.1` or `2130706433` shorthands); ipaddr.js then classifies.
  const version = isIP(ip)
  if (version === 4) return !isPublicIPv4(ipaddr.IPv4.parse(ip))
  if (version !== 6) return true
  // The URL parser spells a dotted tail in hex first: ipaddr.js would read `::a.b.c.d` (IPv4-
  // compatible) as if it were `::ffff:a.b.c.d` (IPv4-mapped).
  const v6 = ipaddr.IPv6.parse(new URL(`http://[${ip}]/`).hostname.slice(1, -1))
  const parts = v6.parts
  switch (v6.range()) {
    case 'ipv4Mapped':
    case 'rfc6145':
      return !isPublicIPv4(ipv4From(parts[6], parts[7]))
    case 'rfc6052':
      // 64:ff9b::/96 (well-known NAT64) embeds the IPv4 in its last 32 bits; 64:ff9b:1::/48 is local-use.
      if (parts[2] !== 0) return true
      return !isPublicIPv4(ipv4From(parts[6], parts[7]))
    case '6to4':
      return !isPublicIPv4(ipv4From(parts[1], parts[2]))
    case 'teredo':
      return (
        !isPublicIPv4(ipv4From(parts[2], parts[3])) ||
        !isPublicIPv4(ipv4From(~parts[6] & 0xffff, ~parts[7] & 0xffff))
      )
    case 'unicast':
      // IPv4-compatible addresses (::a.b.c.d, deprecated) classify as unicast in ipaddr.js.
      return parts.slice(0, 6).every((part) => part === 0)
    default:
      return true
  }
}

function isPublicIPv4(address: ipaddr.IPv4): boolean {
  return address.range() === 'unicast'
}

function ipv4From(high: number, low: number): ipaddr.IPv4 {
  return new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff])
}

/** `IMPORT_ALLOWED_HOSTS` as a list: comma-separated, trimmed, lower-cased, empty entries dropped. */
export function parseAllowedHosts(value: string | undefined | null): string[] {
  return (value ?? '')
    .split(',')
    .map((entry) => entry.trim().toLowerCase())
    .filter((entry) => entry.length > 0)
}

const defaultResolve: Resolver = (hostname) => dns.lookup(hostname, { all: true, verbatim: true })

export class SsrfGuard {
  #allowed: Set<string>
  #resolve: Resolver

  constructor(options: SsrfGuardOptions = {}) {
    this.#allowed = new Set(
      [...(options.allowedHosts ?? [])].map((host) => host.trim().toLowerCase())
    )
    this.#resolve = options.resolve ?? defaultResolve
  }

  /**
   * Checks one URL (a start URL, a link, an image or a redirect target): throws SsrfRefusedError
   * when the scheme is not http(s), the host does not resolve, or any resolved address is private
   * or reserved and the host is not allow-listed.
   */
  async check(input: string | URL): Promise<CheckedTarget> {
    let url: URL
    try {
      url = new URL(input)
    } catch {
      throw new SsrfRefusedError(String(input), 'not a valid URL')
    }
    const shown = url.href
    if (url.protocol !== 'http:' && url.protocol !== 'https:') {
      throw new SsrfRefusedError(
        shown,
        `only http and https URLs can be imported, not ${url.protocol.slice(0, -1)}`
      )
    }
    if (url.username || url.password) {
      throw new SsrfRefusedError(shown, 'URLs with credentials cannot be imported')
    }
    const hostname = url.hostname.replace(/^\[|\]$/g, '').toLowerCase()
    const allowListed = this.isAllowListed(url)

    let addresses: LookupAddress[]
    const literal = isIP(hostname)
    if (literal) {
      addresses = [{ address: hostname, family: literal }]
    } else {
      try {
        addresses = await this.#resolve(hostname)
      } catch {
        throw new SsrfRefusedError(shown, `the host ${hostname} could not be resolved`)
      }
      if (addresses.length === 0)
        throw new SsrfRefusedError(shown, `the host ${hostname} could not be resolved`)
    }
    if (!allowListed) {
      const forbidden = addresses.find(({ address }) => isForbiddenAddress(address))
      if (forbidden) {
        throw new SsrfRefusedError(
          shown,
          `the host ${hostname} resolves to ${forbidden.address}, a private or reserved address that imports may not reach`
        )
      }
    }
    return { url, hostname, addresses, allowListed }
  }

  /** `host`, `host:port` (port as written or the scheme's default) or a bracket-less IPv6 host. */
  isAllowListed(url: URL): boolean {
    if (this.#allowed.size === 0) return false
    const hostname = url.hostname.toLowerCase()
    const bare = hostname.replace(/^\[|\]$/g, '')
    const port = url.port || (url.protocol === 'https:' ? '443' : '80')
    return [hostname, bare, `${hostname}:${port}`].some((entry) => this.#allowed.has(entry))
  }
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | LookupAddress[],
  family?: number
) => void

/**
 * A `lookup` for http(s).request that answers with the checked addresses only (never asks DNS
 * again), honouring the family and `all` options node's connect logic passes.
 */
export function pinnedLookup(target: CheckedTarget) {
  return (
    _hostname: string,
    options: { family?: number | string; all?: boolean },
    callback: LookupCallback
  ) => {
    const wanted =
      options.family === 6 || options.family === 'IPv6'
        ? 6
        : options.family === 4 || options.family === 'IPv4'
          ? 4
          : 0
    const usable = target.addresses.filter(({ family }) => wanted === 0 || family === wanted)
    if (usable.length === 0) {
      const error: NodeJS.ErrnoException = new Error(`No checked address for ${target.hostname}`)
      error.code = 'ENOTFOUND'
      return callback(error, '')
    }
    if (options.all) return callback(null, usable)
    return callback(null, usable[0].address, usable[0].family)
  }
}
