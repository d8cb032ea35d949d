/**
 * A steady load for the fault tests: a few workers, each sending its kind of request one after another (a
 * short pause between), every request bounded by a client deadline, every answer recorded with its time, so
 * that a test can say what the portal answered before, during and after a fault, and that nothing hung.
 */

export interface LoadRequest {
  /** Names the kind in the figures ("read ticket list", "create ticket"). */
  name: string;
  url: string;
  init?: () => RequestInit;
}

export interface Outcome {
  name: string;
  /** Milliseconds from the load's start to the request's start. */
  at: number;
  /** How long the answer took (or the failure came). */
  ms: number;
  /** The HTTP status, or 0 for no answer (a connection error or the client's deadline). */
  status: number;
  body: string;
  error?: string;
}

export interface Load {
  outcomes: Outcome[];
  /** Milliseconds since the load started. */
  now(): number;
  /** Stops the workers after their current request; answers every outcome. */
  stop(): Promise<Outcome[]>;
}

export function startLoad(
  requests: readonly LoadRequest[],
  options: { deadlineMs: number; pauseMs: number; workersPerRequest?: number },
): Load {
  const started = performance.now();
  const now = (): number => performance.now() - started;
  const outcomes: Outcome[] = [];
  let stopping = false;
  const worker = async (request: LoadRequest): Promise<void> => {
    while (!stopping) {
      const at = now();
      try {
        const res = await fetch(request.url, {
          redirect: 'manual',
          ...request.init?.(),
          signal: AbortSignal.timeout(options.deadlineMs),
        });
        const body = await res.text();
        outcomes.push({ name: request.name, at, ms: now() - at, status: res.status, body });
      } catch (error) {
        const cause =
          error instanceof Error && error.cause instanceof Error ? `: ${error.cause.message}` : '';
        outcomes.push({
          name: request.name,
          at,
          ms: now() - at,
          status: 0,
          body: '',
          error: `${String(error)}${cause}`,
        });
      }
      await new Promise((resolve) => setTimeout(resolve, options.pauseMs));
    }
  };
  const workers = requests.flatMap((request) =>
    Array.from({ length: options.workersPerRequest ?? 1 }, () => worker(request)),
  );
  return {
    outcomes,
    now,
    async stop() {
      stopping = true;
      await Promise.all(workers);
      return outcomes;
    },
  };
}

/** Counts per status ("200": 41, "503": 12, "none": 0) and the slowest answer, for the figures. */
export function summarize(outcomes: readonly Outcome[]): {
  requests: number;
  byStatus: Record<string, number>;
  slowestMs: number;
} {
  const byStatus: Record<string, number> = {};
  for (const outcome of outcomes) {
    const key = outcome.status === 0 ? 'none' : String(outcome.status);
    byStatus[key] = (byStatus[key] ?? 0) + 1;
  }
  return {
    requests: outcomes.length,
    byStatus,
    slowestMs: Math.round(Math.max(0, ...outcomes.map((outcome) => outcome.ms))),
  };
}

/** Polls `check` until it answers true, or throws after `timeoutMs`. */
export async function waitUntil(
  what: string,
  check: () => Promise<boolean>,
  timeoutMs: number,
): Promise<number> {
  const started = performance.now();
  for (;;) {
    if (await check().catch(() => false)) return performance.now() - started;
    if (performance.now() - started > timeoutMs) throw new Error(`${what}: not within ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
