/** An IPv4 address written inside an IPv6 one (`::ffff:192.0.2.1`): the IPv4 address it is. */
const MAPPED_IPV4 = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;
/** An IPv6 address as a client's address can be written: hex groups, `::`, perhaps an IPv4 tail. */
const IPV6 = /^(?=.*:)[0-9a-f:.]+$/i;

/** An IPv6 address's eight groups, `::` filled in; an IPv4 address written at its end is two groups. */
function ipv6Groups(address: string): string[] {
  const groupsOf = (part: string | undefined) =>
    part ? part.split(':').flatMap((group) => (group.includes('.') ? ['0', '0'] : [group])) : [];
  const [head, tail] = address.split('::');
  const left = groupsOf(head);
  if (tail === undefined) return left;
  const right = groupsOf(tail);
  return [...left, ...Array<string>(Math.max(0, 8 - left.length - right.length)).fill('0'), ...right];
}

/**
 * The block one client is known by (docs/api-conventions.md#calls-the-apps-make): an IPv4 address itself, an
 * IPv6 address by its /64. A subscriber is given a whole /64 (often more), so telling its addresses apart
 * would let one client take a new address for every request, or every account. Per-address rate limits
 * count by it, and the risk review compares sign-ins by it (docs/product-rules.md#fraud-rules).
 */
export function addressBlock(address: string): string {
  const bare = address.split('%')[0] ?? address;
  if (!IPV6.test(bare)) return address;
  const mapped = MAPPED_IPV4.exec(bare);
  if (mapped?.[1]) return mapped[1];
  const prefix = ipv6Groups(bare)
    .slice(0, 4)
    .map((group) => (Number.parseInt(group, 16) || 0).toString(16));
  return `${prefix.join(':')}::/64`;
}
