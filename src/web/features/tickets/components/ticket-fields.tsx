import { NativeSelect, Radio, Stack, Textarea, TextInput } from '@mantine/core';
import { useRef } from 'react';
import type { RequesterProfile } from '../../../../common/contracts/tickets';
import {
  TICKET_PRIORITIES,
  TICKET_SUBJECT_MAX,
  TICKET_TEXT_MAX,
  type TicketPriority,
} from '../../../../common/tickets';
import { useTypedBeforeHydration } from '../../../components/use-typed-before-hydration';
import { usePortalConfig } from '../../../lib/portal-config-context';

/** What a ticket form holds before it is sent. */
export interface TicketDraft {
  subject: string;
  description: string;
  priority: TicketPriority | '';
  type: string;
  release: string;
}

export type TicketField = keyof TicketDraft;

type Target = RequesterProfile['targets'][number];

/** How long the first response may take: `2 hrs of business hours`, `30 min, around the clock`. */
const within = (target: Target) =>
  `${target.target}${target.clock === 'business hours' ? ' of business hours' : ', around the clock'}`;

interface TicketFieldsProps {
  draft: TicketDraft;
  onChange: <K extends TicketField>(field: K, value: TicketDraft[K]) => void;
  /** Why a field is refused ('Required'), or undefined. */
  errorOf: (field: TicketField) => string | undefined;
  /** The customer's tier and the first-response target of each priority. */
  profile: RequesterProfile | undefined;
  /**
   * `page` (Ticket Creation): every field, each priority a choice with its target beneath. `compact` (the
   * assistant's panel, where the conversation says what happened): subject, priority as a list that names
   * each target, and type.
   */
  layout: 'page' | 'compact';
}

/**
 * The fields of a new ticket, for every form that opens one: their limits are the contract's, and each
 * priority shows the first-response target of the customer's tier and how its clock counts.
 */
export function TicketFields({ draft, onChange, errorOf, profile, layout }: TicketFieldsProps) {
  const config = usePortalConfig();
  const targets = profile?.targets ?? [];
  const tierText = `First-response targets of your ${profile?.tier ?? 'Basic'} support`;
  const releases = [...config.downloads.controllerReleases].reverse();
  const full = layout === 'page';
  // Ticket Creation comes drawn in a signed-in user's server render: what was typed before the app ran counts.
  const subjectRef = useRef<HTMLInputElement>(null);
  const descriptionRef = useRef<HTMLTextAreaElement>(null);
  useTypedBeforeHydration(subjectRef, draft.subject, (typed) => onChange('subject', typed));
  useTypedBeforeHydration(descriptionRef, draft.description, (typed) => onChange('description', typed));

  return (
    <>
      <TextInput
        ref={subjectRef}
        label="Subject"
        required
        maxLength={TICKET_SUBJECT_MAX}
        value={draft.subject}
        onChange={(event) => onChange('subject', event.currentTarget.value)}
        error={errorOf('subject')}
      />
      {full ? (
        <Textarea
          ref={descriptionRef}
          label="Description"
          description="What happened, what you expected, and what you tried."
          required
          autosize
          minRows={5}
          maxLength={TICKET_TEXT_MAX}
          value={draft.description}
          onChange={(event) => onChange('description', event.currentTarget.value)}
          error={errorOf('description')}
        />
      ) : null}
      {full ? (
        <Radio.Group
          label="Priority"
          description={tierText}
          required
          value={draft.priority}
          onChange={(value) =>
            onChange('priority', TICKET_PRIORITIES.find((choice) => choice === value) ?? '')
          }
          error={errorOf('priority')}
        >
          <Stack gap="xs" mt="xs">
            {targets.map((target) => (
              <Radio
                key={target.priority}
                value={target.priority}
                label={`${target.priority}: ${target.description}`}
                description={`First response within ${within(target)}`}
              />
            ))}
          </Stack>
        </Radio.Group>
      ) : (
        <NativeSelect
          label="Priority"
          description={tierText}
          required
          data={[
            { value: '', label: 'Choose a priority' },
            ...targets.map((target) => ({
              value: target.priority,
              label: `${target.priority}: ${target.description}, first response within ${within(target)}`,
            })),
          ]}
          value={draft.priority}
          onChange={(event) =>
            onChange(
              'priority',
              TICKET_PRIORITIES.find((choice) => choice === event.currentTarget.value) ?? '',
            )
          }
          error={errorOf('priority')}
        />
      )}
      <NativeSelect
        label="Type"
        required
        data={[{ value: '', label: 'Choose a type' }, ...config.ticketing.types]}
        value={draft.type}
        onChange={(event) => onChange('type', event.currentTarget.value)}
        error={errorOf('type')}
      />
      {full ? (
        <NativeSelect
          label="Release"
          description="The controller release, if the ticket is about one."
          data={[{ value: '', label: 'Not release-specific' }, ...releases]}
          value={draft.release}
          onChange={(event) => onChange('release', event.currentTarget.value)}
        />
      ) : null}
    </>
  );
}
