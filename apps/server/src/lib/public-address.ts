import dns from 'node:dns'
import { BlockList, isIP, type LookupFunction } from 'node:net'

/**
 * Addresses a server must not be made to call on someone's behalf (ADR 045): this machine, private networks,
 * link-local (cloud metadata at 169.254.169.254 and fd00:ec2::254), carrier-grade NAT, documentation, benchmark,
 * multicast and reserved ranges, IPv4 and IPv6. IPv6 forms that carry an IPv4 address (mapped, compatible,
 * NAT64, 6to4, Teredo) are judged by it or refused.
 */
const blocked = new BlockList()
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv4')
}
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['100::', 64],
  ['2001::', 32],
  ['2001:2::', 48],
  ['2001:10::', 28],
  ['2001:20::', 28],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['64:ff9b:1::', 48],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const) {
  blocked.addSubnet(network, prefix, 'ipv6')
}

/** The IPv4 address inside ::ffff:a.b.c.d, ::a.b.c.d or 64:ff9b::a.b.c.d (however it is written), if any. */
function embeddedIpv4(address: string): string | null {
  const groups = expandIpv6(address)
  if (!groups) return null
  const head = groups.slice(0, 6)
  const zeros = (list: number[]) => list.every((g) => g === 0)
  const mapped = zeros(head.slice(0, 5)) && (head[5] === 0xffff || head[5] === 0)
  const nat64 = head[0] === 0x64 && head[1] === 0xff9b && zeros(head.slice(2))
  if (!mapped && !nat64) return null
  const [high, low] = [groups[6]!, groups[7]!]
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

/** Eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null when it is not one. */
function expandIpv6(address: string): number[] | null {
  let text = address.toLowerCase().replace(/%.*$/, '')
  const dotted = /(\d+\.\d+\.\d+\.\d+)$/.exec(text)
  if (dotted) {
    const parts = dotted[1]!.split('.').map(Number)
    text = `${text.slice(0, dotted.index)}${((parts[0]! << 8) | parts[1]!).toString(16)}:${((parts[2]! << 8) | parts[3]!).toString(16)}`
  }
  const [left, right, extra] = text.split('::')
  if (extra !== undefined) return null
  const leftGroups = left ? left.split(':') : []
  const rightGroups = right ? right.split(':') : []
  const missing = 8 - leftGroups.length - rightGroups.length
  if (right === undefined ? missing !== 0 : missing < 0) return null
  const groups = [
    ...leftGroups,
    ...Array<string>(right === undefined ? 0 : missing).fill('0'),
    ...rightGroups,
  ]
  const numbers = groups.map((g) => (/^[0-9a-f]{1,4}$/.test(g) ? Number.parseInt(g, 16) : Number.NaN))
  return numbers.length === 8 && numbers.every((n) => !Number.isNaN(n)) ? numbers : null
}

/** Whether an IP address (v4 or v6, as text) is one a server may connect to on a caller's behalf. */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address.replace(/%.*$/, ''))
  if (family === 4) return !blocked.check(address, 'ipv4')
  if (family !== 6) return false
  const inner = embeddedIpv4(address)
  if (inner !== null) return isPublicAddress(inner)
  return !blocked.check(address.replace(/%.*$/, ''), 'ipv6')
}

// Names that never leave the site: this machine, multicast DNS, cloud metadata and private zones.
const LOCAL_SUFFIXES = ['.localhost', '.local', '.internal', '.home.arpa', '.lan', '.intranet', '.corp']

/** A host name (no brackets, no trailing dot) that names this machine or a local network, never the internet. */
export function isLocalHostName(host: string): boolean {
  return host === 'localhost' || LOCAL_SUFFIXES.some((suffix) => host.endsWith(suffix)) || !host.includes('.')
}

/** The host as a socket would use it: without brackets and without the trailing dot of a fully qualified name. */
export function socketHost(url: URL): string {
  return url.hostname
    .replace(/^\[|\]$/g, '')
    .replace(/\.+$/, '')
    .toLowerCase()
}

export type ResolvedAddress = { address: string; family: number }
/** Every address of a host name (dns.lookup with all: true); tests pass a stub. */
export type Resolver = (hostname: string) => Promise<ResolvedAddress[]>

export const systemResolver: Resolver = (hostname) =>
  dns.promises.lookup(hostname, { all: true, verbatim: true })

export class PrivateAddressError extends Error {
  readonly code = 'ENOTPUBLIC'
  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`)
  }
}

/** Resolves a host and answers its addresses only when every one is public (one private answer refuses all). */
export async function resolvePublic(hostname: string, resolve: Resolver): Promise<ResolvedAddress[]> {
  const bare = hostname.replace(/^\[|\]$/g, '')
  if (isIP(bare) !== 0) {
    if (!isPublicAddress(bare)) throw new PrivateAddressError(hostname, bare)
    return [{ address: bare, family: isIP(bare) }]
  }
  const addresses = await resolve(bare)
  if (addresses.length === 0)
    throw Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' })
  const refused = addresses.find((entry) => !isPublicAddress(entry.address))
  if (refused) throw new PrivateAddressError(hostname, refused.address)
  return addresses
}

/**
 * A `lookup` for sockets (http.request, net.connect): the name is resolved when the socket connects, and the
 * socket gets only an address that was checked — there is no window between a check and the connection for a
 * DNS answer to change in (rebinding).
 */
export function publicOnlyLookup(resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    resolvePublic(hostname, resolve).then(
      (addresses) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0
        const usable = wanted ? addresses.filter((entry) => entry.family === wanted) : addresses
        if (usable.length === 0) {
          callback(
            Object.assign(new Error(`${hostname} has no IPv${wanted} address`), { code: 'ENOTFOUND' }),
            '',
            0,
          )
          return
        }
        if (options.all) (callback as unknown as (e: null, a: ResolvedAddress[]) => void)(null, usable)
        else callback(null, usable[0]!.address, usable[0]!.family)
      },
      (error: NodeJS.ErrnoException) => callback(error, '', 0),
    )
  }
}

/**
 * Whether a host resolves, within `timeoutMs`, to a private address: the check made when an address is saved (a
 * webhook, a broker). A name that does not resolve now, or not in time, is not refused: the socket that uses it
 * checks its address again as it connects.
 */
export async function resolvesPrivately(
  host: string,
  resolve: Resolver,
  timeoutMs: number,
): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<'timeout'>((done) => {
    timer = setTimeout(() => done('timeout'), timeoutMs)
  })
  try {
    await Promise.race([resolvePublic(host, resolve), timeout])
    return false
  } catch (error) {
    return error instanceof PrivateAddressError
  } finally {
    clearTimeout(timer)
  }
}
