import { createParser, type EventSourceMessage } from 'eventsource-parser';
import { ApiError } from './api-client';

/** An answer's events are a few kilobytes; more than this in one event is not the portal talking. */
const MAX_EVENT_CHARS = 1_000_000;

/**
 * Reads a stream of server-sent events (an answer of `openApiStream`) to its end, handing each event to
 * `onEvent` as it arrives; `onEvent` may throw to stop reading. A connection lost half-way is an `ApiError` of
 * status 0, as an unreachable portal is. (EventSource cannot send a POST body, so the stream is read by hand.)
 */
export async function readEventStream(
  response: Response,
  onEvent: (event: EventSourceMessage) => void,
): Promise<void> {
  if (!response.body) throw new ApiError(502, undefined);
  let failure: unknown = null;
  const parser = createParser({
    maxBufferSize: MAX_EVENT_CHARS,
    onEvent: (event) => {
      if (failure !== null) return;
      try {
        onEvent(event);
      } catch (error) {
        failure = error;
      }
    },
    onError: () => {
      failure ??= new ApiError(502, undefined);
    },
  });
  const reader = response.body.pipeThrough(new TextDecoderStream()).getReader();
  try {
    for (;;) {
      let chunk: ReadableStreamReadResult<string>;
      try {
        chunk = await reader.read();
      } catch {
        throw new ApiError(0, undefined);
      }
      if (chunk.done) break;
      parser.feed(chunk.value);
      if (failure !== null) throw failure;
    }
  } finally {
    // Stops the download when reading stopped early (a failure, a refused event); a no-op after the end.
    await reader.cancel().catch(() => undefined);
  }
}
