import { describe, expect, it } from 'vitest';
import type { AssistantAnswer } from '../../../../common/contracts/assistant';
import { NOT_FOUND_ANSWER } from './answer-text';
import { questionBefore, withAnswer } from './conversation-cache';
import { conversationTranscript } from './transcript';

const ID = '5b0a4f3e-8c47-4a53-9d6e-0c1f2a3b4c5d';
const found: AssistantAnswer = {
  conversationId: ID,
  answer: null,
  confident: true,
  passages: [
    {
      source: 'zendesk',
      title: 'Edge tunnels › Diagnose',
      url: '/docs?article=edge-tunnels#diagnose',
      excerpt: 'Find the largest <mark>packet</mark> &amp; lower the MTU',
    },
    { source: 'forumbee', title: 'SSH freezes', url: 'https://community.example/t/ssh', excerpt: 'SSH' },
  ],
};
const notFound: AssistantAnswer = { conversationId: ID, answer: null, confident: false, passages: [] };

describe('the conversation as the panel keeps it', () => {
  it('starts a conversation titled by its first question and appends each answer', () => {
    const first = withAnswer(undefined, 'How big a packet?', found, '2025-01-01T00:00:00Z');
    expect(first).toMatchObject({ id: ID, title: 'How big a packet?' });
    const second = withAnswer(first, 'And sourdough?', notFound);
    expect(second.title).toBe('How big a packet?');
    expect(second.messages.map((message) => message.role)).toEqual([
      'user',
      'assistant',
      'user',
      'assistant',
    ]);
    expect(new Set(second.messages.map((message) => message.id)).size).toBe(4);
    expect(second.messages.every((message) => message.id < 0)).toBe(true);
    expect(questionBefore(second.messages, 3)).toBe('And sourdough?');
    expect(questionBefore(second.messages, second.messages.length)).toBe('And sourdough?');
    expect(questionBefore([], 0)).toBe('');
  });
});

describe('conversationTranscript', () => {
  it('writes each question and what the assistant showed, as plain text with whole links', () => {
    const conversation = withAnswer(
      withAnswer(undefined, 'How big a packet?', found),
      'Sourdough?',
      notFound,
    );
    const transcript = conversationTranscript(conversation.messages, 'https://support.example');
    expect(transcript).toContain('Customer: How big a packet?');
    expect(transcript).toContain(
      '1. Edge tunnels › Diagnose (Knowledge Base): https://support.example/docs?article=edge-tunnels#diagnose',
    );
    expect(transcript).toContain('Find the largest packet & lower the MTU');
    expect(transcript).toContain('2. SSH freezes (Community): https://community.example/t/ssh');
    expect(transcript).toContain(`Customer: Sourdough?\nAssistant: ${NOT_FOUND_ANSWER}`);
    expect(transcript).not.toContain('<mark>');
  });
});
