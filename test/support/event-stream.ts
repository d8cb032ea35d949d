/**
 * Server-sent events in tests: a reader over a real connection (fetch), for the live notice tests, which parses
 * the frames as EventSource does and lets a test wait for the next one that matches; and a parser of a whole
 * short stream (the assistant's answer).
 */

export interface StreamEvent {
  event: string;
  data: string;
  id: string | undefined;
}

export interface EventStreamReader {
  status: number;
  /** The answer's headers (which instance behind a proxy gave it, for one). */
  headers: Headers;
  /** The next event (after those already taken) that matches, or a rejection after `timeoutMs`. */
  next(match: (event: StreamEvent) => boolean, timeoutMs: number): Promise<StreamEvent>;
  close(): void;
}

/** One frame (the lines between blank lines) as EventSource reads it; null for a frame without data. */
function parseFrame(block: string): StreamEvent | null {
  const fields = { event: 'message', data: [] as string[], id: undefined as string | undefined };
  for (const line of block.split('\n')) {
    if (line.startsWith(':') || line === '') continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    if (name === 'event') fields.event = value;
    else if (name === 'data') fields.data.push(value);
    else if (name === 'id') fields.id = value;
  }
  return fields.data.length > 0 ? { event: fields.event, data: fields.data.join('\n'), id: fields.id } : null;
}

/** Every event of a whole stream body (a short stream read at once, e.g. through `app.inject`). */
export function parseEventStream(body: string): StreamEvent[] {
  return body
    .split('\n\n')
    .map(parseFrame)
    .filter((event): event is StreamEvent => event !== null);
}

export async function openEventStream(
  url: string,
  headers: Record<string, string>,
): Promise<EventStreamReader> {
  const abort = new AbortController();
  const res = await fetch(url, {
    headers: { accept: 'text/event-stream', ...headers },
    signal: abort.signal,
  });
  const events: StreamEvent[] = [];
  let waiters: Array<() => void> = [];
  let ended = false;
  const wake = (): void => {
    const current = waiters;
    waiters = [];
    for (const waiter of current) waiter();
  };

  void (async () => {
    if (!res.body) return;
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      const body = res.body.getReader();
      for (;;) {
        const chunk = await body.read();
        if (chunk.done) break;
        buffer += decoder.decode(chunk.value, { stream: true });
        let end: number;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const event = parseFrame(buffer.slice(0, end));
          buffer = buffer.slice(end + 2);
          if (event) events.push(event);
        }
        wake();
      }
    } catch {
      // Aborted by close(), or the server ended the stream.
    }
    ended = true;
    wake();
  })();

  let taken = 0;
  return {
    status: res.status,
    headers: res.headers,
    async next(match, timeoutMs) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        while (taken < events.length) {
          const event = events[taken];
          taken += 1;
          if (event && match(event)) return event;
        }
        if (ended) throw new Error('the event stream ended');
        const left = deadline - Date.now();
        if (left <= 0)
          throw new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, left);
          waiters.push(() => {
            clearTimeout(timer);
            resolve();
          });
        });
      }
    },
    close: () => abort.abort(),
  };
}
