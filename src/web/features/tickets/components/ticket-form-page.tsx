import { Alert, Button, FileInput, Group } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { TICKET_PRIORITIES, TICKET_SUBJECT_MAX } from '../../../../common/tickets';
import type { Ticket } from '../../../../common/contracts/tickets';
import { withoutControlCharacters } from '../../../../common/control-characters';
import { AppLink } from '../../../components/app-link';
import { QueryState } from '../../../components/query-state';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { usePortalConfig } from '../../../lib/portal-config-context';
import { attachFile } from '../api/attach-file';
import { useCreateTicket } from '../api/create-ticket';
import { uploadFailure } from './ticket-attachments';
import { ATTACHMENT_HINT } from '../../../../common/attachments';
import { useRequesterProfile } from '../api/get-requester-profile';
import { dateTime } from './due-badge';
import { TicketFields, type TicketDraft, type TicketField } from './ticket-fields';
import classes from './tickets.module.css';

export const REQUIRED_MESSAGE = 'Please fill all required fields';

type Field = Exclude<TicketField, 'release'>;

function missingFields(draft: TicketDraft): Field[] {
  return (['subject', 'description', 'priority', 'type'] as const).filter(
    (field) => draft[field].trim() === '',
  );
}

function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) {
    return unreachableMessage('Nothing was sent; check your connection and try again.');
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) return error.code;
  return 'The ticket could not be created. Nothing was lost: please try again.';
}

interface Upload {
  name: string;
  /** null while it uploads, then '' when attached or why it was refused. */
  problem: string | null;
}

/**
 * The confirmation's colours: Mantine's light green title reads 3.8:1 on its own background (axe: colour
 * contrast); the portal's dark green on its light green is well over 4.5:1.
 */
const createdColors = () => ({
  root: {
    '--alert-bg': 'var(--portal-color-green-100)',
    '--alert-color': 'var(--portal-color-green-900)',
  },
});

/**
 * The confirmation: the ticket number and its first-response due time, the files as they upload (a refused
 * file is named with the reason; the ticket stands), and the way to the ticket.
 */
function Created({ ticket, uploads }: { ticket: Ticket; uploads: Upload[] }) {
  return (
    <Alert color="green" role="status" title={`Ticket #${ticket.id} created`} vars={createdColors}>
      {uploads.length > 0 ? (
        <ul>
          {uploads.map((upload) => (
            <li key={upload.name}>
              {upload.problem === null
                ? `Attaching ${upload.name}…`
                : upload.problem === ''
                  ? `${upload.name} attached`
                  : `${upload.name} was not attached: ${upload.problem}`}
            </li>
          ))}
        </ul>
      ) : null}
      <p>
        {ticket.firstResponseDueAt
          ? `A first response is due by ${dateTime(ticket.firstResponseDueAt)} (${ticket.tier ?? 'Basic'} support).`
          : 'A support engineer will respond soon.'}
      </p>
      <AppLink href={ticket.url}>Open ticket #{ticket.id}</AppLink>
    </Alert>
  );
}

/**
 * Ticket Creation (customers): subject, description, priority with the tier's first-response
 * target beside each choice, type and release. What was typed stays on any error. `?priority=P1&type=...`
 * (the home page's production-outage message) chooses them in advance; `?subject=` (a search that found
 * nothing) fills in the subject, which the customer can still change.
 */
export function TicketFormPage() {
  const config = usePortalConfig();
  const [params] = useSearchParams();
  const profile = useRequesterProfile();
  const create = useCreateTicket();
  const presetPriority = TICKET_PRIORITIES.find((priority) => priority === params.get('priority')) ?? '';
  const presetType = config.ticketing.types.find((type) => type === params.get('type')) ?? '';
  // Control characters out (the server refuses them), cut to the field's length.
  const presetSubject = withoutControlCharacters(params.get('subject') ?? '')
    .trim()
    .slice(0, TICKET_SUBJECT_MAX);
  const [draft, setDraft] = useState<TicketDraft>({
    subject: presetSubject,
    description: '',
    priority: presetPriority,
    type: presetType,
    release: '',
  });
  const [missing, setMissing] = useState<Field[]>([]);
  const [files, setFiles] = useState<File[]>([]);
  const [uploads, setUploads] = useState<Upload[]>([]);

  /** The files go up one by one once the ticket exists, each reported on the confirmation. */
  const uploadAll = async (ticketId: number) => {
    setUploads(files.map((file) => ({ name: file.name, problem: null })));
    for (const [index, file] of files.entries()) {
      let problem = '';
      try {
        await attachFile(ticketId, file);
      } catch (error) {
        problem = uploadFailure(error);
      }
      setUploads((current) => current.map((upload, at) => (at === index ? { ...upload, problem } : upload)));
    }
  };

  if (create.data) return <Created ticket={create.data.ticket} uploads={uploads} />;

  const set = <K extends TicketField>(key: K, value: TicketDraft[K]) => {
    setDraft((current) => ({ ...current, [key]: value }));
    setMissing((current) => current.filter((field) => field !== key));
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const empty = missingFields(draft);
    setMissing(empty);
    if (empty.length > 0 || draft.priority === '') return;
    create.mutate(
      {
        subject: draft.subject,
        description: draft.description,
        priority: draft.priority,
        type: draft.type,
        ...(draft.release ? { release: draft.release } : {}),
      },
      { onSuccess: ({ ticket }) => void uploadAll(ticket.id) },
    );
  };
  const errorOf = (field: TicketField) => (missing.some((empty) => empty === field) ? 'Required' : undefined);

  return (
    <QueryState
      isPending={profile.isPending}
      error={profile.error}
      failed="Ticket Creation could not be loaded. Please try again later."
    >
      {() => (
        <form className={classes.form} onSubmit={submit} noValidate aria-label="Create a ticket">
          {missing.length > 0 ? (
            <Alert color="red" role="alert">
              {REQUIRED_MESSAGE}
            </Alert>
          ) : null}
          {create.error ? (
            <Alert color="red" role="alert" title="The ticket was not created">
              {errorMessage(create.error)}
            </Alert>
          ) : null}
          <TicketFields draft={draft} onChange={set} errorOf={errorOf} profile={profile.data} layout="page" />
          <FileInput
            label="Attachments"
            description={ATTACHMENT_HINT}
            placeholder="Choose files to attach"
            classNames={{ placeholder: classes.filePlaceholder }}
            multiple
            clearable
            clearButtonProps={{ 'aria-label': 'Remove the chosen file' }}
            value={files}
            onChange={setFiles}
          />
          <Group>
            <Button type="submit" loading={create.isPending}>
              Create ticket
            </Button>
          </Group>
        </form>
      )}
    </QueryState>
  );
}
