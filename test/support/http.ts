/**
 * Request helpers of the API tests. `app.inject` talks to `http://localhost:80`, so that is the app's own
 * origin: state-changing calls must say they come from it, as a browser's same-origin fetch does.
 */
export const APP_ORIGIN = 'http://localhost';
export const SAME_ORIGIN = { origin: APP_ORIGIN } as const;

/** A cookie jar for `app.inject`: keeps what `set-cookie` sets (and drops what it clears). */
export class CookieJar {
  private readonly cookies = new Map<string, string>();

  /** Stores the cookies of an answer; a cleared (empty or expired) cookie is removed. */
  store(setCookie: string | string[] | undefined): void {
    const lines = setCookie === undefined ? [] : Array.isArray(setCookie) ? setCookie : [setCookie];
    for (const line of lines) {
      const [pair = '', ...attributes] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((attribute) => {
        const [key = '', val = ''] = attribute.split('=');
        const k = key.trim().toLowerCase();
        return (k === 'max-age' && Number(val) <= 0) || (k === 'expires' && Date.parse(val) <= Date.now());
      });
      if (value === '' || expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.cookies.get(name);
  }

  set(name: string, value: string): void {
    this.cookies.set(name, value);
  }

  delete(name: string): void {
    this.cookies.delete(name);
  }

  /** The `cookie` request header, or an empty object when the jar is empty. */
  header(): { cookie?: string } {
    if (this.cookies.size === 0) return {};
    return { cookie: [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ') };
  }
}

/** A Content-Security-Policy header as its directives, each with its sources. */
export function cspOf(header: string | string[] | number | undefined): Map<string, string[]> {
  if (typeof header !== 'string') throw new Error(`no single CSP header: ${String(header)}`);
  return new Map(
    header
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((parts) => parts[0])
      .map(([name = '', ...sources]) => [name, sources] as const),
  );
}
