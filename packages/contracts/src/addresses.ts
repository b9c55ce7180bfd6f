/** An IPv4 address written in dotted decimal. */
const DOTTED_IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;
/** One group of an IPv6 address: one to four hex digits, leading zeros allowed. */
const IPV6_GROUP = /^[0-9a-f]{1,4}$/i;

/** The four octets of a dotted IPv4 address, or null when it is none. */
function ipv4Octets(text: string): number[] | null {
  const match = DOTTED_IPV4.exec(text);
  if (!match) return null;
  const octets = match.slice(1).map(Number);
  return octets.every((octet) => octet <= 255) ? octets : null;
}

/**
 * An IPv6 address's eight 16-bit groups, in any of its notations: `::` for a run of zero groups, leading
 * zeros or none, either case, a dotted IPv4 address as its last 32 bits. Null when it is no IPv6 address.
 */
function ipv6Groups(address: string): number[] | null {
  if (!address.includes(':')) return null;
  let text = address;
  const lastColon = text.lastIndexOf(':');
  if (text.includes('.')) {
    const octets = ipv4Octets(text.slice(lastColon + 1));
    if (!octets) return null;
    const [a = 0, b = 0, c = 0, d = 0] = octets;
    text = `${text.slice(0, lastColon + 1)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const groupsOf = (part: string) => (part === '' ? [] : part.split(':'));
  const [head = '', tail] = halves;
  const left = groupsOf(head);
  const right = tail === undefined ? [] : groupsOf(tail);
  const zeros = 8 - left.length - right.length;
  // `::` stands for at least one zero group; without it the address must name all eight.
  if (tail === undefined ? zeros !== 0 : zeros < 1) return null;
  const groups = [...left, ...Array<string>(zeros).fill('0'), ...right];
  return groups.every((group) => IPV6_GROUP.test(group)) ? groups.map((group) => Number.parseInt(group, 16)) : null;
}

/**
 * The IPv4 address an IPv6 address carries in its last 32 bits, when it is only a way of writing one:
 * IPv4-mapped (`::ffff:0:0/96`, a dual-stack socket's view of an IPv4 client) and NAT64, the well-known
 * prefix `64:ff9b::/96` and the local-use `64:ff9b:1::/48` (read with the /96 embedding). A client behind
 * a carrier's NAT64 gateway is the gateway's IPv4 address to everyone else too.
 */
function embeddedIpv4(groups: readonly number[]): string | null {
  const zero = (from: number, to: number) => groups.slice(from, to).every((group) => group === 0);
  const mapped = zero(0, 5) && groups[5] === 0xffff;
  const nat64 = groups[0] === 0x64 && groups[1] === 0xff9b && (zero(2, 6) || groups[2] === 1);
  if (!mapped && !nat64) return null;
  const [high = 0, low = 0] = groups.slice(6);
  return [high >> 8, high & 255, low >> 8, low & 255].join('.');
}

/**
 * The block one client is known by (docs/api-conventions.md#calls-the-apps-make): an IPv4 address itself, an
 * IPv6 address by its /64, and an IPv6 address that only carries an IPv4 one (mapped, NAT64: embeddedIpv4) as
 * that IPv4 address, however it is written (docs/product-rules.md#fraud-rules). A subscriber is given a whole
 * /64 (often more), so telling its addresses apart would let one client take a new address for every
 * request, or every account; and writing one IPv4 address another way must not make it another client.
 * Per-address rate limits count by it, and the risk review compares sign-ins by it.
 */
export function addressBlock(address: string): string {
  const bare = address.split('%')[0] ?? address;
  const groups = ipv6Groups(bare);
  if (!groups) return address;
  const ipv4 = embeddedIpv4(groups);
  if (ipv4) return ipv4;
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(':')}::/64`;
}
