import { RATE_LIMIT_MESSAGE } from '../../../../common/auth-messages';
import { ApiError, unreachableMessage } from '../../../lib/api-client';

/** A refusal's `message` when it is a sentence for a person (the API's errors), not a code such as RATE_LIMITED. */
export function readableMessage(code: string | undefined): string | undefined {
  return code && code.includes(' ') ? code : undefined;
}

/** The longest provider sentence shown: Entra's carry trace and correlation ids, not pages of text. */
const PROVIDER_DESCRIPTION_MAX = 600;

/**
 * The provider's own words (`error_description`, RFC 6749 section 4.1.2.1), which say what an administrator
 * must fix: Entra ID answers, for example, `error=access_denied` with `AADSTS50105: ... is not assigned to a
 * role for the application` when the app requires assignment
 * (https://docs.microsoft.com/en-us/azure/active-directory/develop/reference-aadsts-error-codes;
 * the redirect's shape: https://devopsaitoolkit.com/blog/azure-error-aadsts50105/). Shown as text, never markup.
 */
function providerSentence(description: string | null | undefined): string {
  const text = (description ?? '').replace(/\s+/g, ' ').trim();
  if (text === '') return '';
  const cut = text.length > PROVIDER_DESCRIPTION_MAX ? `${text.slice(0, PROVIDER_DESCRIPTION_MAX)}…` : text;
  return ` The identity provider said: ${cut}`;
}

/**
 * The sentence of a callback's error page for an `error` parameter (with the provider's `error_description`
 * when it sent one) or a failed call (an `ApiError`; anything else thrown reads as the portal being out of
 * reach).
 */
export function signInFailureDetail(
  failure: { error: string; description?: string | null | undefined } | Error,
): string {
  if (!(failure instanceof Error)) {
    const base =
      failure.error === 'access_denied'
        ? 'The sign-in was cancelled or refused.'
        : 'The sign-in was refused or interrupted before it finished.';
    return `${base}${providerSentence(failure.description)}`;
  }
  if (!(failure instanceof ApiError) || failure.status === 0)
    return unreachableMessage('Check your connection and start again.');
  // A per-address limit of the help desk says how long to wait; the per-client one is RATE_LIMITED.
  if (failure.status === 429) return readableMessage(failure.code) ?? RATE_LIMIT_MESSAGE;
  if (failure.status >= 500) return 'The sign-in could not be completed right now. Please try again later.';
  return readableMessage(failure.code) ?? 'This sign-in link has expired or has already been used.';
}
