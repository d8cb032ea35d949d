import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { assistantAnswerSchema, assistantMessageBodySchema } from '../../../common/contracts/assistant.js';
import { claimEventStream, openEventStream, type EventStream } from '../../lib/event-stream.js';
import { apiError } from '../../plugins/error-handler.js';
import { authorize, refusalSchemas, sessionOf } from '../../plugins/guards.js';
import { assistantRateLimit } from '../../plugins/rate-limits.js';
import { searcherOf } from '../../plugins/searcher.js';
import { askAssistant, type AnswerProgress } from '../../services/assistant/assistant.js';

/** Whether the client asked for server-sent events rather than one JSON answer. */
const wantsEventStream = (accept: string | undefined): boolean =>
  /\btext\/event-stream\b/i.test(accept ?? '');

/**
 * `POST /api/assistant/messages`: a question to the built-in assistant. The same answer comes as
 * JSON or, with `Accept: text/event-stream`, as server-sent events: `passages` as soon as they are found, then
 * `answer` `{text}` for each piece of a generated answer as the model writes it, then `done`. The stream opens
 * only once the passages are found, so a refusal (400, 404, 429) is an ordinary JSON error either way; a
 * failure after that is an `error` event.
 */
export const assistantMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    apiPaths.assistant.messages,
    {
      onRequest: authorize('useChat'),
      config: { rateLimit: assistantRateLimit(app.env) },
      schema: {
        tags: ['assistant'],
        summary: 'Ask the assistant',
        description:
          'Answers the best three passages of the knowledge base, documentation and community, each with a link ' +
          'into its section. `confident` is false (and `passages` empty) when even the best passage covers too ' +
          'little of the question. `answer` is a short text written from the passages with numbered citations ' +
          '(`[1]` is the first passage) when a model is configured and the passages answer the question; else ' +
          'null. A `conversationId` of your own makes it a follow-up. With `Accept: text/event-stream`: event ' +
          '`passages` `{passages}`, then `answer` `{text}` for each piece of the answer as it is written, then ' +
          '`done` `{conversationId, answer, confident}` (its `answer` is the whole answer, or null when the ' +
          'pieces shown must be taken back).',
        body: assistantMessageBodySchema,
        response: { 200: assistantAnswerSchema, ...refusalSchemas(429) },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      // The model stops writing when the user goes (a closed tab, a dropped connection).
      const left = new AbortController();
      reply.raw.on('close', () => {
        if (!reply.raw.writableFinished) left.abort();
      });
      const sse: { stream?: EventStream } = {};
      // A streamed answer counts against the stream caps from the start, so a refusal comes before any work.
      const slot = wantsEventStream(request.headers.accept)
        ? await claimEventStream(app, request, reply)
        : null;
      const progress: AnswerProgress = slot
        ? {
            onPassages: (passages) => {
              sse.stream = openEventStream(app, request, reply, slot);
              sse.stream.send('passages', { passages });
            },
            onAnswerText: (text) => sse.stream?.send('answer', { text }),
            signal: left.signal,
          }
        : { signal: left.signal };
      try {
        const answer = await askAssistant(
          app.assistant.options,
          { ...searcherOf(request), userId: user.id },
          request.body,
          progress,
        );
        if (!sse.stream) {
          reply.header('cache-control', 'no-store');
          return answer;
        }
        const { passages: _shown, ...done } = answer;
        sse.stream.send('done', done);
        sse.stream.end();
        return reply;
      } catch (error) {
        if (!sse.stream) throw error;
        request.log.error({ err: error }, 'the assistant failed after its stream opened');
        sse.stream.send(
          'error',
          apiError(500, 'The assistant could not finish this answer. Please ask again.'),
        );
        sse.stream.end();
        return reply;
      }
    },
  );
};
