import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A fake OpenAI-compatible chat-completions server (`POST /v1/chat/completions`), answering as OpenAI's API
 * documents it: with `stream: true`, server-sent events of `chat.completion.chunk` objects whose
 * `choices[0].delta.content` carries the text, ended by `data: [DONE]`; without, one `chat.completion`; a wrong
 * key is a 401 with OpenAI's error object. What it writes is decided per test by {@link FakeModel.answerWith}; by
 * default it writes from the prompt's first passage, as a grounded model would.
 */

export interface ModelRequest {
  model: string;
  stream: boolean;
  messages: { role: string; content: string }[];
  authorization: string | undefined;
  /** The prompt's numbered passages: `[n] title` and its text. */
  passages: { number: number; title: string; text: string }[];
  question: string;
}

export type ModelReply = (request: ModelRequest) => string[] | 'hang' | 'fail';

export interface FakeModel {
  /** Base URL to give as `ASSISTANT_LLM_URL` (`http://127.0.0.1:<port>/v1`). */
  url: string;
  /** Every call received, oldest first. */
  requests: ModelRequest[];
  /**
   * Sets what the model writes, in the pieces it streams (`'hang'` never answers, `'fail'` is a 500 with
   * OpenAI's error object), and the pause before each piece. A method, so it works through a fixture's proxy.
   */
  answerWith(reply: ModelReply, pieceDelayMs?: number): void;
  close(): Promise<void>;
}

/** The passages of the portal's prompt (write-answer.ts): blocks that start `[n] title`. */
function passagesOf(content: string): ModelRequest['passages'] {
  const passages: ModelRequest['passages'] = [];
  for (const block of content.split('\n\n')) {
    const match = /^\[(\d+)\] (.+)\n([\s\S]*)$/.exec(block);
    if (match) passages.push({ number: Number(match[1]), title: match[2] ?? '', text: match[3] ?? '' });
  }
  return passages;
}

/** A grounded reply: the first sentence of the first passage, cited, streamed word by word. */
export function groundedReply(request: ModelRequest): string[] {
  const first = request.passages[0];
  if (!first) return ['NO_ANSWER'];
  const sentence = /^[^.!?]*[.!?]?/.exec(first.text.trim())?.[0] ?? first.text;
  return `${sentence.replace(/[.!?]$/, '')} [1].`.split(/(?<= )/);
}

/** A request's whole body as text (the fakes of OpenAI-compatible endpoints read JSON). */
export const readBody = (req: IncomingMessage): Promise<string> =>
  new Promise((resolve, reject) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (body += chunk));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function openAiError(res: ServerResponse, status: number, message: string, code: string): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify({ error: { message, type: 'invalid_request_error', param: null, code } }));
}

export async function startFakeModel(
  options: { apiKey?: string; port?: number; pieceDelayMs?: number } = {},
): Promise<FakeModel> {
  const hanging = new Set<ServerResponse>();
  let reply: ModelReply = groundedReply;
  let pieceDelayMs = options.pieceDelayMs ?? 0;
  const fake: FakeModel = {
    url: '',
    requests: [],
    answerWith: (next, delayMs = 0) => {
      reply = next;
      pieceDelayMs = delayMs;
    },
    close: async () => {
      for (const res of hanging) res.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = createServer((req, res) => {
    void (async () => {
      if (req.method !== 'POST' || req.url !== '/v1/chat/completions') {
        openAiError(res, 404, `Unknown request URL: ${req.method} ${req.url}`, 'unknown_url');
        return;
      }
      if (options.apiKey && req.headers.authorization !== `Bearer ${options.apiKey}`) {
        openAiError(res, 401, 'Incorrect API key provided.', 'invalid_api_key');
        return;
      }
      const body = JSON.parse(await readBody(req)) as Pick<ModelRequest, 'model' | 'messages'> & {
        stream?: boolean;
      };
      const user = body.messages.find((message) => message.role === 'user')?.content ?? '';
      const request: ModelRequest = {
        model: body.model,
        stream: body.stream === true,
        messages: body.messages,
        authorization: req.headers.authorization,
        passages: passagesOf(user),
        question: /Question: ([\s\S]*)$/.exec(user)?.[1] ?? '',
      };
      fake.requests.push(request);
      const pieces = reply(request);
      if (pieces === 'hang') {
        hanging.add(res);
        res.on('close', () => hanging.delete(res));
        return;
      }
      if (pieces === 'fail') {
        openAiError(res, 500, 'The server had an error while processing your request.', 'server_error');
        return;
      }
      const id = `chatcmpl-${fake.requests.length}`;
      const created = Math.floor(Date.now() / 1000);
      if (!request.stream) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(
          JSON.stringify({
            id,
            object: 'chat.completion',
            created,
            model: body.model,
            choices: [
              { index: 0, message: { role: 'assistant', content: pieces.join('') }, finish_reason: 'stop' },
            ],
          }),
        );
        return;
      }
      res.writeHead(200, { 'content-type': 'text/event-stream', 'cache-control': 'no-cache' });
      const chunk = (delta: object, finish: string | null) =>
        `data: ${JSON.stringify({
          id,
          object: 'chat.completion.chunk',
          created,
          model: body.model,
          choices: [{ index: 0, delta, finish_reason: finish }],
        })}\n\n`;
      res.write(chunk({ role: 'assistant', content: '' }, null));
      for (const piece of pieces) {
        if (pieceDelayMs > 0) await sleep(pieceDelayMs);
        if (res.destroyed) return;
        res.write(chunk({ content: piece }, null));
      }
      res.write(chunk({}, 'stop'));
      res.end('data: [DONE]\n\n');
    })().catch((error: unknown) => res.destroy(error instanceof Error ? error : undefined));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', () => resolve()));
  fake.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`;
  return fake;
}
