import { Alert, NativeSelect, Textarea, TextInput } from '@mantine/core';
import { useState, type FormEvent } from 'react';
import {
  CANNED_REPLY_BODY_MAX,
  CANNED_REPLY_TITLE_MAX,
  SUBMIT_AS_LABELS,
} from '../../../../common/canned-replies';
import type { CannedReply } from '../../../../common/contracts/canned-replies';
import { REPLY_STATUSES, type ReplyStatus } from '../../../../common/tickets';
import { FormDialog } from '../../../components/form-dialog';
import { useSaveCannedReply } from '../api/save-canned-reply';
import { saveFailure } from '../lib/save-failure';

interface Draft {
  title: string;
  body: string;
  statusChange: ReplyStatus | '';
}

const isReplyStatus = (value: string): value is ReplyStatus =>
  REPLY_STATUSES.some((status) => status === value);

/** What is wrong with the draft, in words, per field; empty when it may be sent. */
function problems(draft: Draft): Partial<Record<'title' | 'body', string>> {
  return {
    ...(draft.title.trim() === '' ? { title: 'Write a title: agents find the reply by it.' } : {}),
    ...(draft.body.trim() === '' ? { body: 'Write the text the reply puts into the reply box.' } : {}),
  };
}

/**
 * Creating or changing a canned reply. A missing field or a refused save keeps the dialog open with everything
 * typed, and says what to do in words; only a save the server stored closes it.
 */
export function CannedReplyDialog({
  reply,
  onClose,
  onSaved,
}: {
  reply: CannedReply | null;
  onClose: () => void;
  onSaved: (message: string) => void;
}) {
  const [draft, setDraft] = useState<Draft>(() => ({
    title: reply?.title ?? '',
    body: reply?.body ?? '',
    statusChange: reply?.statusChange ?? '',
  }));
  const [checked, setChecked] = useState(false);
  const save = useSaveCannedReply();
  const wrong = checked ? problems(draft) : {};
  const heading = reply ? 'Edit canned reply' : 'New canned reply';

  const change = (field: keyof Draft, value: string) =>
    setDraft((previous) => ({ ...previous, [field]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setChecked(true);
    save.reset();
    if (Object.keys(problems(draft)).length > 0) return;
    save.mutate(
      {
        ...(reply ? { id: reply.id } : {}),
        body: {
          title: draft.title.trim(),
          body: draft.body.trim(),
          statusChange: draft.statusChange === '' ? null : draft.statusChange,
        },
      },
      { onSuccess: () => onSaved(reply ? 'Canned reply saved.' : 'Canned reply created.') },
    );
  };

  return (
    <FormDialog
      title={heading}
      submitLabel={reply ? 'Save changes' : 'Create'}
      pending={save.isPending}
      onSubmit={submit}
      onClose={onClose}
    >
      {save.isError ? (
        <Alert color="red" role="alert">
          {saveFailure(save.error, 'saved')}
        </Alert>
      ) : null}
      <TextInput
        label="Title"
        description={`What agents type to find it; up to ${CANNED_REPLY_TITLE_MAX} characters.`}
        required
        maxLength={CANNED_REPLY_TITLE_MAX}
        value={draft.title}
        error={wrong.title}
        onChange={(event) => change('title', event.currentTarget.value)}
      />
      <Textarea
        label="Text of the reply"
        description={`Put into the reply where the agent's cursor is; the agent can change it before sending. Up to ${CANNED_REPLY_BODY_MAX} characters (${draft.body.length} now).`}
        required
        autosize
        minRows={5}
        maxRows={14}
        maxLength={CANNED_REPLY_BODY_MAX}
        value={draft.body}
        error={wrong.body}
        onChange={(event) => change('body', event.currentTarget.value)}
      />
      <NativeSelect
        label="Status when sent"
        description="Preselected in the reply box; the agent can still choose another."
        value={draft.statusChange}
        data={[
          { value: '', label: 'No change (Send reply)' },
          ...REPLY_STATUSES.map((status) => ({ value: status, label: SUBMIT_AS_LABELS[status] })),
        ]}
        onChange={(event) => {
          const value = event.currentTarget.value;
          change('statusChange', isReplyStatus(value) ? value : '');
        }}
      />
    </FormDialog>
  );
}
