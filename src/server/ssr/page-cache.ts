import { createHash } from 'node:crypto';
import { promisify } from 'node:util';
import { brotliCompress, constants as zlib, gzip } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import type { RenderedPage } from './page-renderer.js';

/**
 * Server renders kept in memory, per URL. The render is the same for every visitor (it never reads the
 * session: SsrInput has no user) until the content is loaded again, so on an outage day, when every customer
 * opens the same few pages at once, React renders each of them once. Bodies are kept compressed both ways, so
 * a hit costs neither a render nor a compression. The cache is bounded by bytes and dropped whole when the
 * content is re-loaded (main.ts); the configuration is read once at start, so a change of it is a restart.
 */

export interface CachedPage {
  status: number;
  /** A strong validator: the hash of the HTML. */
  etag: string;
  html: Buffer;
  br: Buffer;
  gzip: Buffer;
}

export interface PageCache {
  /**
   * The kept render of `url`, else `render()` compressed and kept (not an error page, status 500 and up).
   * Requests arriving together for one URL share one render.
   */
  get(url: string, render: () => Promise<RenderedPage>): Promise<CachedPage>;
  /** Drops every page; a render already under way is served but not kept (it may hold the old content). */
  clear(): void;
}

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What a cached page weighs: the three bodies it keeps. */
const sizeOf = (page: CachedPage) => page.html.length + page.br.length + page.gzip.length;

export function createPageCache(options: { maxBytes: number }): PageCache {
  const pages = new LRUCache<string, CachedPage>({ maxSize: options.maxBytes, sizeCalculation: sizeOf });
  let rendering = new Map<string, Promise<CachedPage>>();

  async function compress(page: RenderedPage): Promise<CachedPage> {
    const html = Buffer.from(page.html, 'utf8');
    const [br, gz] = await Promise.all([
      // Quality 9: a tenth smaller than the default's speed setting and paid once per page and load.
      brotli(html, { params: { [zlib.BROTLI_PARAM_QUALITY]: 9 } }),
      gzipAsync(html, { level: 9 }),
    ]);
    const etag = `"${createHash('sha256').update(html).digest('base64url').slice(0, 32)}"`;
    return { status: page.status, etag, html, br, gzip: gz };
  }

  return {
    get(url, render) {
      const kept = pages.get(url) ?? rendering.get(url);
      if (kept) return Promise.resolve(kept);
      const inFlight = rendering;
      const next = render()
        .then(compress)
        .then((cached) => {
          // Not after a clear (the map was replaced), and not a page larger than the whole budget.
          if (inFlight === rendering && cached.status < 500 && sizeOf(cached) <= options.maxBytes) {
            pages.set(url, cached);
          }
          return cached;
        })
        .finally(() => inFlight.delete(url));
      inFlight.set(url, next);
      return next;
    },
    clear() {
      pages.clear();
      rendering = new Map();
    },
  };
}

/** The encoding a cached body is sent in: brotli, else gzip, else none (q=0 refuses one). */
export function chooseEncoding(acceptEncoding: string | undefined): 'br' | 'gzip' | null {
  const accepted = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (!name) continue;
    const q = params.map((param) => /^\s*q=([\d.]+)\s*$/.exec(param)?.[1]).find(Boolean);
    accepted.set(name, q === undefined ? 1 : Number(q));
  }
  const allows = (name: string) => (accepted.get(name) ?? accepted.get('*') ?? 0) > 0;
  if (allows('br')) return 'br';
  if (allows('gzip')) return 'gzip';
  return null;
}

/** Whether `If-None-Match` names this validator (a list, `*`, weak forms compare by their opaque part). */
export function matchesEtag(ifNoneMatch: string | undefined, etag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
