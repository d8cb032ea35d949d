import { Button, UnstyledButton } from '@mantine/core';
import { useId, useState } from 'react';
import { QueryState } from '../../../components/query-state';
import { formatDate } from '../../../lib/format-date';
import { useConversations } from '../api/get-conversations';
import classes from './assistant.module.css';

interface ConversationListProps {
  activeId: string | null;
  onChoose: (id: string) => void;
  onNew: () => void;
}

/**
 * The user's past conversations (kept per user, deleted after the configured days) and a new one. Beside the
 * chat on a wide screen; on a narrower one behind the 'Your conversations' button above the chat, so that the
 * chat comes first and the list does not push it down (or sit far below it).
 */
export function ConversationList({ activeId, onChoose, onNew }: ConversationListProps) {
  const conversations = useConversations();
  const [open, setOpen] = useState(false);
  const listId = useId();
  const choose = (act: () => void) => {
    act();
    setOpen(false);
  };
  return (
    <div className={classes.historyArea}>
      <Button
        className={classes.historyToggle}
        variant="default"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen((value) => !value)}
      >
        Your conversations
      </Button>
      <nav
        id={listId}
        className={classes.history}
        data-open={open || undefined}
        aria-label="Your conversations"
      >
        <Button variant="light" onClick={() => choose(onNew)}>
          New conversation
        </Button>
        <h2>Your conversations</h2>
        <QueryState
          isPending={conversations.isPending}
          error={conversations.error}
          failed="Your conversations could not be loaded. Please try again later."
        >
          {() =>
            conversations.data?.conversations.length ? (
              <ul className={classes.conversations}>
                {conversations.data.conversations.map((conversation) => (
                  <li key={conversation.id}>
                    <UnstyledButton
                      className={classes.conversation}
                      aria-current={conversation.id === activeId ? 'true' : undefined}
                      onClick={() => choose(() => onChoose(conversation.id))}
                    >
                      {conversation.title}
                      <span className={classes.conversationDate}>{formatDate(conversation.updatedAt)}</span>
                    </UnstyledButton>
                  </li>
                ))}
              </ul>
            ) : (
              <p>No conversations yet. Your questions are kept here.</p>
            )
          }
        </QueryState>
      </nav>
    </div>
  );
}
