import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiPaths } from '../../../common/api-paths.js';
import { apiErrorSchema } from '../../../common/contracts/api-error.js';
import { assistantAnswerSchema, assistantMessageBodySchema } from '../../../common/contracts/assistant.js';
import { openEventStream, registerEventStreams } from '../../lib/event-stream.js';
import { authorize, sessionOf } from '../../plugins/guards.js';
import { assistantRateLimit } from '../../plugins/rate-limits.js';
import { searcherOf } from '../../plugins/search.js';
import { askAssistant } from '../../services/assistant/assistant.js';
import { assistantDeps, assistantRefusalSchemas, assistantRefusals } from './assistant-deps.js';

/** Whether the client asked for server-sent events rather than one JSON answer. */
const wantsEventStream = (accept: string | undefined): boolean =>
  /\btext\/event-stream\b/i.test(accept ?? '');

/**
 * `POST /api/assistant/messages`: a question to the built-in assistant (issue 15). The same answer comes as
 * JSON or, with `Accept: text/event-stream`, as server-sent events: `passages`, then `done`. The stream opens
 * only once the answer is found, so a refusal (400, 404, 429) is an ordinary JSON error either way; it is
 * short-lived, and streams now what a model's answer will stream token by token later.
 */
export const assistantMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  registerEventStreams(app);

  app.post(
    apiPaths.assistant.messages,
    {
      preHandler: authorize('useChat', assistantRefusals),
      config: { rateLimit: assistantRateLimit(app.env) },
      schema: {
        tags: ['assistant'],
        summary: 'Ask the assistant',
        description:
          'Answers the best three passages of the knowledge base, documentation and community, each with a link ' +
          'into its section. `confident` is false (and `passages` empty) when even the best passage covers too ' +
          'little of the question. A `conversationId` of your own makes it a follow-up. With ' +
          '`Accept: text/event-stream`: event `passages` `{passages}`, then `done` `{conversationId, answer, confident}`.',
        body: assistantMessageBodySchema,
        response: { 200: assistantAnswerSchema, 429: apiErrorSchema, ...assistantRefusalSchemas },
      },
    },
    async (request, reply) => {
      const { user } = sessionOf(request);
      const answer = await askAssistant(
        assistantDeps(app),
        { ...searcherOf(request), userId: user.id },
        request.body,
      );
      if (!wantsEventStream(request.headers.accept)) {
        reply.header('cache-control', 'no-store');
        return answer;
      }
      const { passages, ...done } = answer;
      const stream = openEventStream(app, reply);
      stream.send('passages', { passages });
      stream.send('done', done);
      stream.end();
      return reply;
    },
  );
};
