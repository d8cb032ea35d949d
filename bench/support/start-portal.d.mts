// Types of start-portal.mjs, for the benches written in TypeScript.
export const root: string;

export interface StartedPortal<Prepared> {
  baseUrl: string;
  /** The portal's own process (start.sh execs Node). */
  pid: number | undefined;
  prepared: Prepared;
  /** The portal's stdout and stderr (its JSON log lines); removed by stop(). */
  logFile: string;
  /** From the process's start to its first ready answer (`GET /readyz` is polled every 0.1 s). */
  readySeconds: number;
  stop(options?: { showLog?: boolean }): Promise<void>;
}

export function startPortal<Prepared = undefined>(options: {
  port: number;
  env?: Record<string, string>;
  log?: (...args: unknown[]) => void;
  prepare?: (env: Record<string, string>) => Prepared | Promise<Prepared>;
}): Promise<StartedPortal<Prepared>>;

export function waitForReady(baseUrl: string, child: unknown, logFile: string): Promise<void>;
export function portInUse(port: number): Promise<boolean>;
