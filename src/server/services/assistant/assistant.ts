import type { FastifyBaseLogger } from 'fastify';
import {
  ASSISTANT_MAX_PASSAGES,
  type AssistantAnswer,
  type AssistantMessageBody,
  type AssistantPassage,
} from '../../../common/contracts/assistant.js';
import { PUBLIC_CONTENT_SOURCES } from '../../../common/search-sources.js';
import type { AnswerModel } from '../../connectors/model/types.js';
import type { SynonymIndex } from '../../lib/fulltext/query-terms.js';
import { can } from '../../../common/policies.js';
import type { SearchService } from '../search/federated-search.js';
import type { Searcher } from '../search/types.js';
import {
  findConversation,
  latestQuestion,
  recordExchange,
  type ConversationOptions,
} from './conversations.js';
import {
  absentShare,
  excerptOf,
  MAX_ABSENT_SHARE,
  MIN_CONFIDENT_SCORE,
  questionOf,
  rankPassages,
  weighTerms,
  type Question,
  type RankedPassage,
} from './passage-ranking.js';
import { passagesOf, type ItemReaders } from './passages.js';
import type { TermRarity } from './term-rarity.js';
import { writeAnswer } from './write-answer.js';

/**
 * The built-in assistant: a question is answered with the best passages of the knowledge base,
 * documentation and community, found through the federated search (with its corrected spelling and partial
 * match) and ranked section by section (passage-ranking.ts). When even the best passage is weak the assistant
 * shows none and says so. With a model (`ASSISTANT_LLM_URL`) it also writes a short answer from the passages it
 * shows (write-answer.ts); without one, `answer` is always null.
 */

/** What the assistant's calls take first (built once by its plugin), then the searcher (the actor), the input. */
export interface AssistantOptions {
  search: Pick<SearchService, 'searchAll'>;
  readers: ItemReaders;
  synonyms: SynonymIndex;
  conversations: ConversationOptions;
  /** The model that writes answers; null: passages only. */
  model: AnswerModel | null;
  productName: string;
  log: FastifyBaseLogger;
  /** How many items of the help content hold each word (kept until the content is loaded again). */
  termRarity: () => Promise<TermRarity>;
  /** The commonest words of everyday English, lower case (lib/fulltext/everyday-words.ts). */
  everyday: () => Promise<ReadonlySet<string>>;
}

/** For an answer sent as it is made (server-sent events): the passages first, then the answer's pieces. */
export interface AnswerProgress {
  onPassages?: (passages: AssistantPassage[]) => void;
  onAnswerText?: (text: string) => void;
  /** Ends the model's writing (the user left). */
  signal?: AbortSignal;
}

interface Retrieval {
  question: Question;
  ranked: RankedPassage[];
}

const bestScore = (retrieval: Retrieval): number => retrieval.ranked[0]?.score ?? 0;
const isConfident = (retrieval: Retrieval): boolean => bestScore(retrieval) >= MIN_CONFIDENT_SCORE;

async function retrieve(
  options: AssistantOptions,
  searcher: Searcher,
  text: string,
  earlier?: string,
): Promise<Retrieval> {
  const rarity = await options.termRarity();
  const question = weighTerms(questionOf(text, options.synonyms, earlier), rarity, await options.everyday());
  // A question of stop words only ("how do I?") has nothing to search for; one mostly about what the content
  // never mentions is not answered by the passages that share its other words.
  if (question.query === '' || absentShare(question, rarity) >= MAX_ABSENT_SHARE)
    return { question, ranked: [] };
  // A question that names releases is about them: the items naming every one are searched for too, so that
  // its other words, which such an item need not use ("can we go straight from 7.2 to 8.1"), do not keep them
  // out of the partial match. The passages are still scored on all of the question's terms, so the search's
  // off-topic gate is not applied: the assistant judges that itself (MAX_ABSENT_SHARE, the confidence score).
  const queries = [question.query, ...(question.releases.length > 0 ? [question.releases.join(' ')] : [])];
  const found = await Promise.all(
    queries.map((query) =>
      options.search.searchAll(searcher, {
        query,
        filter: PUBLIC_CONTENT_SOURCES,
        callerJudgesOffTopic: true,
      }),
    ),
  );
  const readProtected = can(searcher.actor, 'readProtectedArticles');
  const passages = (
    await Promise.all(found.map((answer) => passagesOf(options.readers, answer.groups, { readProtected })))
  ).flat();
  // A section both searches found is kept once, as the question's own search placed it.
  const seen = new Set<string>();
  const distinct = passages.filter((passage) => {
    const key = `${passage.source} ${passage.url} ${passage.order}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
  return { question, ranked: rankPassages(question, distinct, ASSISTANT_MAX_PASSAGES) };
}

function shown(retrieval: Retrieval): AssistantPassage[] {
  return retrieval.ranked.map((passage) => ({
    source: passage.source,
    title: passage.heading === '' ? passage.itemTitle : `${passage.itemTitle} › ${passage.heading}`,
    url: passage.url,
    excerpt: excerptOf(retrieval.question, passage),
  }));
}

/**
 * The answer to a question asked in a conversation: first read with the earlier question ("and on KVM?" is
 * about what was asked before); when that finds nothing confident, the question alone (the user changed the
 * subject). Neither confident: the better of the two.
 */
async function withConversation(
  options: AssistantOptions,
  searcher: Searcher,
  text: string,
  earlier: string,
): Promise<Retrieval> {
  const inContext = await retrieve(options, searcher, text, earlier);
  if (isConfident(inContext)) return inContext;
  const alone = await retrieve(options, searcher, text);
  return bestScore(alone) > bestScore(inContext) ? alone : inContext;
}

/**
 * Answers a question of a signed-in user and keeps it in their conversation; a follow-up ("and on Azure?") is
 * read with the conversation's latest question ({@link withConversation}). Throws NOT_FOUND for a
 * conversation that is not the user's (or no longer exists).
 */
export async function askAssistant(
  options: AssistantOptions,
  searcher: Searcher & { userId: string },
  input: AssistantMessageBody,
  progress: AnswerProgress = {},
): Promise<AssistantAnswer> {
  let earlier: string | null = null;
  if (input.conversationId !== undefined) {
    await findConversation(options.conversations, searcher.userId, input.conversationId);
    earlier = await latestQuestion(options.conversations, input.conversationId);
  }
  const retrieval =
    earlier === null
      ? await retrieve(options, searcher, input.text)
      : await withConversation(options, searcher, input.text, earlier);
  const confident = isConfident(retrieval);
  const passages = confident ? shown(retrieval) : [];
  progress.onPassages?.(passages);
  const answer =
    confident && options.model
      ? await writeAnswer(
          options.model,
          { productName: options.productName, question: input.text, earlier, passages: retrieval.ranked },
          {
            signal: progress.signal,
            onText: progress.onAnswerText,
            log: options.log,
          },
        )
      : null;
  const conversationId = await recordExchange(options.conversations, {
    userId: searcher.userId,
    conversationId: input.conversationId,
    question: input.text,
    answer,
    passages,
    confident,
  });
  return { conversationId, passages, answer, confident };
}
