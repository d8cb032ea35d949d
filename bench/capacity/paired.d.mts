// Types of paired.mjs, for the benches and tests written in TypeScript.
export type RouteKey = '/' | '/sla' | 'docs' | 'latestKB' | 'me' | 'search';

export interface CapacityRoute {
  key: RouteKey;
  label: string;
  url: string;
  headers: Record<string, string>;
  mustContain?: string;
}

/** One autocannon slice. */
export interface Slice {
  requests: number;
  seconds: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
}

export interface PairedFigures {
  helloRps: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  share: number;
}

export const TARGETS: {
  share: Partial<Record<RouteKey, number>>;
  p99Ms: Partial<Record<RouteKey, number>>;
};
export const RSS_TARGET_MB: { PGlite: number; PostgreSQL: number };

export function capacityRoutes(baseUrl: string, cookie: string): CapacityRoute[];
export function checkRoute(route: CapacityRoute): Promise<void>;
export function pairedFigures(hello: Slice[], route: Slice[]): PairedFigures;
export function measurePaired(
  route: CapacityRoute,
  helloUrl: string,
  options: { duration: number; slices: number; connections: number },
): Promise<PairedFigures>;
export function pct(share: number): string;
export function verdict(key: string, row: { share: number; p99: number }): string;
export function memoryVerdict(
  samplesMb: number[],
  targetMb: number,
): { met: boolean; growthMb: number | null };
export function printRouteTable(
  rows: Array<PairedFigures & { key: string; label: string; rssAfter: string }>,
  rssColumn: string,
): void;
