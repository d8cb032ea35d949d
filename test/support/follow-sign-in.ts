/**
 * A browser's part of an OpenID Connect sign-in at a test identity provider, without a browser: follows the
 * provider's redirects with its cookies, answers its login page once with the form `answer` gives, and stops at
 * the first redirect to one of `redirectUris` (the portal's callback), which it answers.
 */
export async function followSignIn(options: {
  authorizeUrl: string;
  redirectUris: readonly string[];
  /** Who names the provider in errors. */
  provider: string;
  /** The login page's form: where to post it and what, or undefined when `url` is not the login page. */
  answer: (url: URL) => { url: string; form: URLSearchParams } | undefined;
}): Promise<URL> {
  const targets = options.redirectUris.map((uri) => {
    const parsed = new URL(uri);
    return `${parsed.origin}${parsed.pathname}`;
  });
  const cookies = new Map<string, string>();
  let url = options.authorizeUrl;
  let init: { method: string; body?: URLSearchParams } = { method: 'GET' };
  for (let step = 0; step < 12; step += 1) {
    const headers: Record<string, string> = {};
    if (cookies.size > 0) headers.cookie = [...cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const line of response.headers.getSetCookie()) {
      const [pair = ''] = line.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      const next = new URL(location, url);
      if (targets.includes(`${next.origin}${next.pathname}`)) return next;
      url = next.toString();
      init = { method: 'GET' };
      continue;
    }
    const login = response.status === 200 && init.method === 'GET' ? options.answer(new URL(url)) : undefined;
    if (login) {
      await response.text();
      url = login.url;
      init = { method: 'POST', body: login.form };
      continue;
    }
    throw new Error(`${options.provider}: unexpected ${response.status} at ${url}: ${await response.text()}`);
  }
  throw new Error(`${options.provider}: too many redirects`);
}
