import {
  ASSISTANT_MAX_PASSAGES,
  type AssistantAnswer,
  type AssistantMessageBody,
  type AssistantPassage,
} from '../../../common/contracts/assistant.js';
import { PUBLIC_CONTENT_SOURCES } from '../../../common/search-sources.js';
import type { SynonymIndex } from '../../lib/fulltext/query-terms.js';
import { can } from '../../policies/index.js';
import type { SearchService } from '../search/federated-search.js';
import type { Searcher } from '../search/types.js';
import { findConversation, latestQuestion, recordExchange, type ConversationStore } from './conversations.js';
import {
  excerptOf,
  MIN_CONFIDENT_SCORE,
  questionOf,
  rankPassages,
  type Question,
  type RankedPassage,
} from './passage-ranking.js';
import { passagesOf, type ItemReaders } from './passages.js';

/**
 * The built-in assistant (issue 15): a question is answered with the best passages of the knowledge base,
 * documentation and community, found through the federated search (with its corrected spelling and partial
 * match) and ranked section by section (passage-ranking.ts). No text is generated in this step: `answer` is
 * null, and when even the best passage is weak the assistant shows none and says so.
 */

export interface AssistantDeps {
  search: Pick<SearchService, 'searchAll'>;
  readers: ItemReaders;
  synonyms: SynonymIndex;
  conversations: ConversationStore;
}

interface Retrieval {
  question: Question;
  ranked: RankedPassage[];
}

const bestScore = (retrieval: Retrieval): number => retrieval.ranked[0]?.score ?? 0;
const isConfident = (retrieval: Retrieval): boolean => bestScore(retrieval) >= MIN_CONFIDENT_SCORE;

/**
 * A question of fewer meaningful terms than this does not say what it is about ("How do I fix it?" finds the
 * Fix section of any article); in a conversation it is read with the earlier question even when it finds
 * something alone. (The search's partial match holds the same: one word does not stand for two.)
 */
const MIN_STANDALONE_TERMS = 2;

async function retrieve(deps: AssistantDeps, searcher: Searcher, text: string): Promise<Retrieval> {
  const question = questionOf(text, deps.synonyms);
  // A question of stop words only ("how do I?") has nothing to search for.
  if (question.query === '') return { question, ranked: [] };
  const found = await deps.search.searchAll({
    searcher,
    query: question.query,
    filter: PUBLIC_CONTENT_SOURCES,
  });
  const passages = await passagesOf(deps.readers, found.groups, {
    readProtected: can(searcher.actor, 'readProtectedArticles'),
  });
  return { question, ranked: rankPassages(question, passages, ASSISTANT_MAX_PASSAGES) };
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
 * The answer to a follow-up: when the question alone retrieves weakly or is too short to stand alone, it is
 * asked again with the earlier question's words added. The better is kept: the combined reading when it is
 * confident and the question alone was short or weak, else whichever scores higher.
 */
async function withConversation(
  deps: AssistantDeps,
  searcher: Searcher,
  alone: Retrieval,
  text: string,
  earlier: string,
): Promise<Retrieval> {
  const short = alone.question.terms.length < MIN_STANDALONE_TERMS;
  if (!short && isConfident(alone)) return alone;
  const combined = await retrieve(deps, searcher, `${earlier} ${text}`);
  if (isConfident(combined)) return combined;
  return bestScore(combined) > bestScore(alone) ? combined : alone;
}

/**
 * Answers a question of a signed-in user and keeps it in their conversation; a follow-up ("and on Azure?") is
 * read with the conversation's latest question ({@link withConversation}). Throws NOT_FOUND for a
 * conversation that is not the user's (or no longer exists).
 */
export async function askAssistant(
  deps: AssistantDeps,
  searcher: Searcher & { userId: string },
  input: AssistantMessageBody,
): Promise<AssistantAnswer> {
  let earlier: string | null = null;
  if (input.conversationId !== undefined) {
    await findConversation(deps.conversations, searcher.userId, input.conversationId);
    earlier = await latestQuestion(deps.conversations, input.conversationId);
  }
  const alone = await retrieve(deps, searcher, input.text);
  const retrieval =
    earlier === null ? alone : await withConversation(deps, searcher, alone, input.text, earlier);
  const confident = isConfident(retrieval);
  const passages = confident ? shown(retrieval) : [];
  const conversationId = await recordExchange(deps.conversations, {
    userId: searcher.userId,
    conversationId: input.conversationId,
    question: input.text,
    answer: null,
    passages,
    confident,
  });
  return { conversationId, passages, answer: null, confident };
}
