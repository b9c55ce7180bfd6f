/**
 * The Cookie header a browser would send after an answer with these Set-Cookie headers, starting from the
 * one it sent before: each cookie set replaces its name's value, and one set empty or with Max-Age=0 is
 * dropped (a sign-out). The server tests (inject), the system tests (fetch) and the benchmark share it.
 */
export function nextCookieHeader(setCookies: string | readonly string[] | undefined, previous = ''): string {
  const jar = new Map<string, string>();
  for (const pair of previous.split('; ').filter(Boolean)) {
    const at = pair.indexOf('=');
    jar.set(pair.slice(0, at), pair.slice(at + 1));
  }
  for (const header of typeof setCookies === 'string' ? [setCookies] : (setCookies ?? [])) {
    const [pair = '', ...attributes] = header.split(';');
    const at = pair.indexOf('=');
    const name = pair.slice(0, at).trim();
    const value = pair.slice(at + 1).trim();
    const expired = attributes.some((attribute) => /^\s*max-age\s*=\s*0\s*$/i.test(attribute));
    if (value === '' || expired) jar.delete(name);
    else jar.set(name, value);
  }
  return [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
}
