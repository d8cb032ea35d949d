import { Alert, Loader, NativeSelect, TextInput } from '@mantine/core';
import { FormDialog } from '../../../components/form-dialog';
import { lazy, Suspense, useId, useState, type FormEvent } from 'react';
import { NOTICE_TITLE_MAX, type Notice } from '../../../../common/contracts/notices';
import { NOTICE_TYPES, type NoticeType } from '../../../../common/notices';
import { ApiError, unreachableMessage } from '../../../lib/api-client';
import { useSaveNotice } from '../api/save-notice';
import { fromUtcInput, NOTICE_TIME_ZONE, toUtcInput } from '../lib/notice-time';
import { descriptionText } from './notice-description';
import classes from './notices.module.css';

const NoticeEditor = lazy(() => import('./notice-editor'));

export const REQUIRED_MESSAGE = 'Please fill all required fields';

interface Draft {
  title: string;
  description: string;
  start: string;
  end: string;
  type: NoticeType | '';
}

type Field = keyof Draft;

function draftOf(notice: Notice | null): Draft {
  return notice
    ? {
        title: notice.title,
        description: notice.description,
        start: toUtcInput(notice.startDate),
        end: toUtcInput(notice.endDate),
        type: notice.type,
      }
    : { title: '', description: '', start: '', end: '', type: '' };
}

/** The fields a submit cannot go without (spec section 5): a title, a description with text, both dates, a type. */
function missingFields(draft: Draft): Set<Field> {
  const missing = new Set<Field>();
  if (draft.title.trim() === '') missing.add('title');
  if (descriptionText(draft.description) === '') missing.add('description');
  if (!fromUtcInput(draft.start)) missing.add('start');
  if (!fromUtcInput(draft.end)) missing.add('end');
  if (draft.type === '') missing.add('type');
  return missing;
}

function failureMessage(error: unknown): string {
  if (error instanceof ApiError && error.status === 0)
    return unreachableMessage('Nothing was saved; try again.');
  if (error instanceof ApiError && error.status === 403) return 'Only admins may manage support notices.';
  if (error instanceof ApiError && error.status === 404) return 'This notice was deleted in the meantime.';
  if (error instanceof ApiError && error.status === 400 && error.code) return `Not saved: ${error.code}`;
  // The server's sentence says how long to wait.
  if (error instanceof ApiError && error.status === 429 && error.code) return error.code;
  return 'The notice could not be saved. Please try again.';
}

/**
 * The create and update dialog of `/support-notices`. A missing field keeps the dialog open with what was
 * typed, marks the field and says 'Please fill all required fields' (the brief: the spec's dialog closed and
 * lost it); a refused save keeps everything too and says why.
 */
export function NoticeDialog(props: {
  notice: Notice | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const { notice, onClose, onSaved } = props;
  const [draft, setDraft] = useState<Draft>(() => draftOf(notice));
  const [invalid, setInvalid] = useState<Set<Field>>(new Set());
  const save = useSaveNotice();
  const ids = { description: useId(), error: useId() };
  const title = notice ? 'Update notice' : 'Create notice';

  const change = (field: Field, value: string) => {
    setDraft((previous) => ({ ...previous, [field]: value }));
    setInvalid((previous) => {
      if (!previous.has(field)) return previous;
      const next = new Set(previous);
      next.delete(field);
      return next;
    });
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const missing = missingFields(draft);
    setInvalid(missing);
    save.reset();
    const startDate = fromUtcInput(draft.start);
    const endDate = fromUtcInput(draft.end);
    if (missing.size > 0 || !startDate || !endDate || draft.type === '') return;
    save.mutate(
      {
        ...(notice ? { Notice_ID: notice.Notice_ID } : {}),
        title: draft.title.trim(),
        description: draft.description,
        startDate,
        endDate,
        type: draft.type,
      },
      { onSuccess: () => onSaved(notice ? 'Notice updated.' : 'Notice created.') },
    );
  };

  const fieldError = (field: Field) => (invalid.has(field) ? 'Required' : undefined);
  return (
    <FormDialog
      title={title}
      submitLabel={notice ? 'Save changes' : 'Create'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {invalid.size > 0 ? (
        <Alert color="red" role="alert" id={ids.error}>
          {REQUIRED_MESSAGE}
        </Alert>
      ) : null}
      {save.isError ? (
        <Alert color="red" role="alert">
          {failureMessage(save.error)}
        </Alert>
      ) : null}
      <TextInput
        label="Title"
        description={`Shown in the bell, the lists and on the notice’s page; up to ${NOTICE_TITLE_MAX} characters.`}
        required
        maxLength={NOTICE_TITLE_MAX}
        value={draft.title}
        error={fieldError('title')}
        onChange={(event) => change('title', event.currentTarget.value)}
      />
      <div>
        <label className={classes.editorLabel} htmlFor={ids.description}>
          Description <span aria-hidden="true">*</span>
        </label>
        <Suspense
          fallback={
            <div role="status">
              <Loader size="xs" aria-hidden="true" /> Loading the editor…
            </div>
          }
        >
          <NoticeEditor
            id={ids.description}
            label="Description"
            value={draft.description}
            onChange={(html) => change('description', html)}
            invalid={invalid.has('description')}
            errorId={invalid.has('description') ? `${ids.description}-error` : undefined}
          />
        </Suspense>
        {invalid.has('description') ? (
          <p className={classes.fieldError} id={`${ids.description}-error`}>
            Required
          </p>
        ) : null}
      </div>
      <div className={classes.dates}>
        <TextInput
          type="datetime-local"
          label={`Start date and time (${NOTICE_TIME_ZONE})`}
          required
          value={draft.start}
          error={fieldError('start')}
          onChange={(event) => change('start', event.currentTarget.value)}
        />
        <TextInput
          type="datetime-local"
          label={`End date and time (${NOTICE_TIME_ZONE})`}
          required
          value={draft.end}
          error={fieldError('end')}
          onChange={(event) => change('end', event.currentTarget.value)}
        />
      </div>
      <NativeSelect
        label="Type"
        required
        value={draft.type}
        error={fieldError('type')}
        data={[
          { value: '', label: 'Choose a type' },
          ...NOTICE_TYPES.map((type) => ({ value: type, label: type })),
        ]}
        onChange={(event) => change('type', event.currentTarget.value)}
      />
    </FormDialog>
  );
}
