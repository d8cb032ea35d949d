import { Alert, Button, FileInput, Group } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  TICKET_DESK_FAILURES,
  TICKET_PRIORITIES,
  TICKET_SUBJECT_MAX,
  type TicketDeskFailure,
} from '../../../../common/tickets';
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
import { dateTime } from '../lib/formats';
import { useTicketSuggestions } from '../lib/use-ticket-suggestions';
import { TicketFields, type TicketDraft, type TicketField } from './ticket-fields';
import { TicketSuggestionsList } from './ticket-suggestions';
import suggestionClasses from './ticket-suggestions.module.css';
import classes from './tickets.module.css';

export const REQUIRED_MESSAGE = 'Please fill all required fields';

type Field = Exclude<TicketField, 'release'>;

function missingFields(draft: TicketDraft): Field[] {
  return (['subject', 'description', 'priority', 'type'] as const).filter(
    (field) => draft[field].trim() === '',
  );
}

const isDeskFailure = (code: string): code is TicketDeskFailure => Object.hasOwn(TICKET_DESK_FAILURES, code);

function errorMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0) {
    return unreachableMessage('Nothing was sent; check your connection and try again.');
  }
  if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.code) return error.code;
  if (error instanceof ApiError && error.code && isDeskFailure(error.code))
    return TICKET_DESK_FAILURES[error.code];
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
 * The confirmation while the files upload, and after it when one was refused: the ticket number and its
 * first-response due time, each file (a refused one named with the reason; the ticket stands), and the way to
 * the ticket. With every file attached, the customer is taken to the ticket.
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
 * target beside each choice, type and release, and beside them the help articles that may answer what is being
 * written (each opens in a new tab). What was typed stays on any error. `?priority=P1&type=...`
 * (the home page's production-outage message) chooses them in advance; `?subject=` (a search that found
 * nothing) fills in the subject, which the customer can still change. Once created, the customer lands on the
 * ticket (after its files are attached).
 */
export function TicketFormPage() {
  const config = usePortalConfig();
  const [params] = useSearchParams();
  const profile = useRequesterProfile();
  const create = useCreateTicket();
  const navigate = useNavigate();
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
  const suggestions = useTicketSuggestions('page', draft);

  /**
   * The files go up one by one once the ticket exists, each reported on the confirmation; then the customer
   * is taken to the ticket, unless a file was refused (the confirmation says which and why).
   */
  const uploadAll = async (ticket: Ticket) => {
    setUploads(files.map((file) => ({ name: file.name, problem: null })));
    let refused = false;
    for (const [index, file] of files.entries()) {
      let problem = '';
      try {
        await attachFile(ticket.id, file);
      } catch (error) {
        problem = uploadFailure(error);
        refused = true;
      }
      setUploads((current) => current.map((upload, at) => (at === index ? { ...upload, problem } : upload)));
    }
    if (!refused) void navigate(ticket.url);
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
    const { priority } = draft;
    if (empty.length > 0 || priority === '') return;
    // What the form suggested is stored first, so that the ticket's creation finds it to link.
    void suggestions.flush().then(() =>
      create.mutate(
        {
          subject: draft.subject,
          description: draft.description,
          priority,
          type: draft.type,
          ...(draft.release ? { release: draft.release } : {}),
          deflectionId: suggestions.formId,
        },
        { onSuccess: ({ ticket }) => void uploadAll(ticket) },
      ),
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
        <form
          className={`${classes.form} ${suggestionClasses.withSuggestions}`}
          onSubmit={submit}
          noValidate
          aria-label="Create a ticket"
        >
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
          <TicketSuggestionsList items={suggestions.items} onOpen={suggestions.opened} level={2} />
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
