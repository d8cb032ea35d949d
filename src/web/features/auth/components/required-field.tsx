import { TextInput } from '@mantine/core';
import type { ReactNode, Ref } from 'react';

export interface RequiredFieldProps {
  ref?: Ref<HTMLInputElement>;
  label: string;
  value: string;
  /** The field's own message, or `true` to mark it invalid without one (a refused agent sign-in). */
  error: ReactNode;
  onValue: (value: string) => void;
  type?: 'email' | 'password' | 'text';
  autoComplete: string;
  description?: string;
  /** The field the dialog's focus trap focuses on opening. */
  autoFocus?: boolean;
}

/**
 * A required text field of the sign-in forms: its label, its value in the form's state (kept by the modal
 * host, so nothing typed is lost), and its message once a check or the server flags it.
 */
export function RequiredField(props: RequiredFieldProps) {
  const { ref, label, value, error, onValue, type = 'text', autoComplete, description, autoFocus } = props;
  return (
    <TextInput
      ref={ref}
      data-autofocus={autoFocus ? true : undefined}
      label={label}
      type={type}
      autoComplete={autoComplete}
      description={description}
      required
      value={value}
      error={error}
      onChange={(event) => onValue(event.currentTarget.value)}
    />
  );
}

/** The Controller ID or Customer ID field of the login and the signup form (the label is the spec's). */
export function ProvidedIdField(
  props: Pick<RequiredFieldProps, 'ref' | 'value' | 'error' | 'onValue' | 'description' | 'autoFocus'>,
) {
  return <RequiredField {...props} label="Controller ID or Customer ID" autoComplete="off" />;
}
