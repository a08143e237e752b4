import { promises as dns, type LookupAddress } from 'node:dns'
import { BlockList, isIP } from 'node:net'

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

const FORBIDDEN = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network", 0.0.0.0 unspecified
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (cloud metadata at 169.254.169.254)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relay anycast
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, broadcast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback, IPv4-compatible (deprecated)
  ['100::', 64], // discard
  ['2001::', 23], // IETF protocol assignments (Teredo included)
  ['2001:db8::', 32], // documentation
  ['fc00::', 7], // unique local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // site-local (deprecated)
  ['ff00::', 8], // multicast
] as const) {
  FORBIDDEN.addSubnet(network, prefix, 'ipv6')
}

/**
 * Whether an IP address is one an import must not reach. IPv4-mapped (`::ffff:a.b.c.d`), NAT64
 * (`64:ff9b::/96`) and 6to4 (`2002::/16`) addresses are judged by the IPv4 address they embed.
 * Anything that is not an IP address is refused.
 */
export function isForbiddenAddress(address: string): boolean {
  const ip = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '')
  const version = isIP(ip)
  if (version === 4) return FORBIDDEN.check(ip, 'ipv4')
  if (version !== 6) return true
  const hextets = expandIPv6(ip)
  const embedded =
    hextets.slice(0, 5).every((h) => h === 0) && hextets[5] === 0xffff
      ? ipv4From(hextets[6], hextets[7])
      : hextets[0] === 0x64 && hextets[1] === 0xff9b && hextets.slice(2, 6).every((h) => h === 0)
        ? ipv4From(hextets[6], hextets[7])
        : hextets[0] === 0x2002
          ? ipv4From(hextets[1], hextets[2])
          : undefined
  if (embedded) return FORBIDDEN.check(embedded, 'ipv4')
  return FORBIDDEN.check(ip, 'ipv6')
}

function ipv4From(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

/** The eight 16-bit groups of a valid IPv6 address (dotted IPv4 tails included). */
function expandIPv6(ip: string): number[] {
  let text = ip.toLowerCase()
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/)
  if (dotted) {
    const [a, b, c, d] = dotted[1].split('.').map(Number)
    text =
      text.slice(0, -dotted[1].length) +
      `${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined]
  const left = head ? head.split(':') : []
  const right = tail ? tail.split(':') : []
  const zeros = tail === undefined ? [] : new Array(8 - left.length - right.length).fill('0')
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16))
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
