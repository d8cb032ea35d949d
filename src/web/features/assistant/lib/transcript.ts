import type { ConversationMessage } from '../../../../common/contracts/assistant';
import { TICKET_TEXT_MAX } from '../../../../common/contracts/tickets';
import { SOURCE_LABELS } from '../../../../common/search-sources';
import { snippetText } from '../../../components/highlighted';
import { NOT_FOUND_ANSWER } from './answer-text';

/**
 * The conversation as the ticket's first comment (plain text, the ticket page keeps its line breaks): each
 * question, and what the assistant showed for it, so support reads what the customer already saw. Links
 * into the portal are made whole with `origin`: the comment may be read in a mail.
 */
export function conversationTranscript(messages: readonly ConversationMessage[], origin: string): string {
  const lines = ['Conversation with the assistant on the support portal:'];
  for (const message of messages) {
    if (message.role === 'user') {
      lines.push('', `Customer: ${message.text}`);
      continue;
    }
    if (!message.confident || message.passages.length === 0) {
      lines.push(`Assistant: ${NOT_FOUND_ANSWER}`);
      continue;
    }
    lines.push('Assistant: These passages of the help content may answer it:');
    message.passages.forEach((passage, index) => {
      const url = passage.url.startsWith('/') ? `${origin}${passage.url}` : passage.url;
      lines.push(`${index + 1}. ${passage.title} (${SOURCE_LABELS[passage.source]}): ${url}`);
      lines.push(`   ${snippetText(passage.excerpt)}`);
    });
  }
  // A long conversation keeps its beginning, where the problem is told.
  return lines.join('\n').slice(0, TICKET_TEXT_MAX);
}
