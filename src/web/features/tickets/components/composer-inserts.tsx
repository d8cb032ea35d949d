import { useDebouncedValue } from '@mantine/hooks';
import { useMemo, useState } from 'react';
import type { CannedReply } from '../../../../common/contracts/canned-replies';
import { SOURCE_LABELS } from '../../../../common/search-sources';
import { SUGGEST_DELAY_MS, useSearchSuggestions, type Suggestion } from '../../../lib/search-suggestions';
import { useCannedReplies } from '../api/get-canned-replies';
import { SearchPicker } from './search-picker';

/** The first words of a reply's text, on one line, for the list. */
const firstWords = (text: string) => {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > 90 ? `${line.slice(0, 90)}…` : line;
};

/** Every word typed is in the title or the text, case aside (as the server's `q` does). */
function matches(reply: CannedReply, search: string): boolean {
  const text = `${reply.title}\n${reply.body}`.toLowerCase();
  return search
    .toLowerCase()
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => text.includes(word));
}

/** "Insert canned reply": the canned replies, loaded when the list first opens, filtered as the agent types. */
export function CannedReplyPicker({
  onInsert,
  disabled,
}: {
  onInsert: (reply: CannedReply) => void;
  disabled: boolean;
}) {
  const [wanted, setWanted] = useState(false);
  const [search, setSearch] = useState('');
  const list = useCannedReplies(wanted);
  const items = useMemo(
    () =>
      (list.data?.cannedReplies ?? [])
        .filter((reply) => matches(reply, search))
        .map((reply) => ({
          key: String(reply.id),
          label: reply.title,
          detail: firstWords(reply.body),
          reply,
        })),
    [list.data, search],
  );
  const all = list.data?.cannedReplies.length ?? 0;
  return (
    <SearchPicker
      label="Insert canned reply"
      searchLabel="Search canned replies"
      items={items}
      search={search}
      onSearch={setSearch}
      onOpen={() => setWanted(true)}
      onPick={(item) => onInsert(item.reply)}
      // Until the list is first opened its query waits (pending, not loading): nothing is on its way.
      loading={wanted && list.isPending}
      disabled={disabled}
      empty={
        list.isError
          ? 'The canned replies could not be loaded. Close this list and try again.'
          : all === 0
            ? 'No canned replies yet: an admin writes them under Admin, Canned replies.'
            : 'No canned reply matches these words.'
      }
    />
  );
}

/**
 * "Insert article link": the help articles the site search suggests for what the agent types (the same call and
 * rule as the search box and the ticket form's suggestions), each inserted as its title and link.
 */
export function ArticleLinkPicker({
  onInsert,
  disabled,
}: {
  onInsert: (article: Suggestion) => void;
  disabled: boolean;
}) {
  const [search, setSearch] = useState('');
  const [query] = useDebouncedValue(search.trim(), SUGGEST_DELAY_MS);
  const suggestions = useSearchSuggestions(query);
  const items = useMemo(
    () =>
      suggestions.map((suggestion) => ({
        key: suggestion.url,
        label: suggestion.title,
        detail: SOURCE_LABELS[suggestion.source],
        suggestion,
      })),
    [suggestions],
  );
  const typing = search.trim() !== query;
  return (
    <SearchPicker
      label="Insert article link"
      searchLabel="Search help articles"
      items={items}
      search={search}
      onSearch={setSearch}
      onPick={(item) => onInsert(item.suggestion)}
      loading={typing && search.trim().length >= 2}
      disabled={disabled}
      empty={
        search.trim().length < 2
          ? 'Type two or more letters of the article’s title.'
          : 'No article title matches these words.'
      }
    />
  );
}
