/**
 * Who is calling, for quotas and throttles: one key per client network, never the address itself.
 *
 * A client is an IPv4 address, or an IPv6 /64 (one subscriber usually holds a whole /64, so keying
 * the full IPv6 address would hand an attacker 2^64 identities). The key is an HMAC of that network
 * (docs/security.md, "Abuse limits"), so the stores hold no address.
 */
import { createHmac } from "node:crypto";
import { isIPv4, isIPv6 } from "node:net";
import { clientKeySecret } from "../admin/secrets.ts";

/** The caller's address: Netlify's context.ip, else the edge's headers (tests, local runs). */
export function clientAddress(req: Request, context: { ip?: string } | undefined): string {
  const raw =
    context?.ip ||
    req.headers.get("x-nf-client-connection-ip") ||
    req.headers.get("x-forwarded-for") ||
    "unknown";
  return raw.split(",")[0]!.trim() || "unknown";
}

/** The eight 16-bit groups of a valid IPv6 address (an embedded IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address;
  const tail = text.slice(text.lastIndexOf(":") + 1);
  if (tail.includes(".")) {
    const [a, b, c, d] = tail.split(".").map(Number) as [number, number, number, number];
    text = `${text.slice(0, text.length - tail.length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", rest] = text.split("::");
  const parse = (part: string) => (part === "" ? [] : part.split(":").map((group) => parseInt(group, 16)));
  const front = parse(head);
  const back = rest === undefined ? [] : parse(rest);
  return [...front, ...new Array<number>(8 - front.length - back.length).fill(0), ...back];
}

/**
 * The network a client address stands for: an IPv4 address as it is (IPv4-mapped IPv6 included),
 * an IPv6 address as its /64, anything unparseable as its own (bounded) text.
 */
export function clientNetwork(address: string): string {
  let text = address
    .trim()
    .toLowerCase()
    .replace(/^\[|\]$/g, "");
  const zone = text.indexOf("%");
  if (zone !== -1) text = text.slice(0, zone);
  if (isIPv4(text)) return text;
  if (!isIPv6(text)) return text.slice(0, 100) || "unknown";
  const groups = ipv6Groups(text);
  if (groups.slice(0, 5).every((group) => group === 0) && groups[5] === 0xffff) {
    const [high, low] = [groups[6]!, groups[7]!];
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return `${groups
    .slice(0, 4)
    .map((group) => group.toString(16))
    .join(":")}::/64`;
}

/**
 * The IPv6 /48 a client network lies in ("2001:db8:1::/48"), or null for IPv4 and unparseable
 * addresses. One site (a business, a hosting customer) usually holds a whole /48: 65,536 /64s.
 */
export function widerNetwork(network: string): string | null {
  const match = /^([0-9a-f]{1,4}):([0-9a-f]{1,4}):([0-9a-f]{1,4}):[0-9a-f]{1,4}::\/64$/.exec(network);
  return match ? `${match[1]}:${match[2]}:${match[3]}::/48` : null;
}

/** Loopback networks: the only clients a local test run can be, never a deployed visitor. */
export function isLoopback(network: string): boolean {
  return network.startsWith("127.") || network === "0:0:0:0::/64";
}

/**
 * The client's key for `purpose` ("login", "uploads"): a hex HMAC of its network. Different purposes
 * give unrelated keys, so one store's keys cannot be matched with another's.
 */
export async function clientKey(
  req: Request,
  context: { ip?: string } | undefined,
  purpose: string,
): Promise<{ key: string; network: string }> {
  const network = clientNetwork(clientAddress(req, context));
  return { key: await networkKey(purpose, network), network };
}

async function networkKey(purpose: string, network: string): Promise<string> {
  return createHmac("sha256", await clientKeySecret())
    .update(`client\0${purpose}\0${network}`)
    .digest("hex");
}

/**
 * The keys a request is counted under for `purpose`: its client network, and for IPv6 also the /48
 * around it, so rotating through the /64s of one allocation gains nothing.
 */
export async function clientKeys(
  req: Request,
  context: { ip?: string } | undefined,
  purpose: string,
): Promise<{ key: string; network: string }[]> {
  const client = await clientKey(req, context, purpose);
  const wider = widerNetwork(client.network);
  return wider ? [client, { key: await networkKey(purpose, wider), network: wider }] : [client];
}
