import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError } from '../../../lib/api-client';

/** The loading line and the error of a notice query, so every page says the same thing the same way. */
export function QueryState({
  isPending,
  error,
  children,
}: {
  isPending: boolean;
  error: unknown;
  children: () => ReactNode;
}) {
  if (error) {
    const message =
      error instanceof ApiError && error.status === 404
        ? 'This notice does not exist or was deleted.'
        : error instanceof ApiError && error.status === 0
          ? 'The portal could not be reached. Check your connection and try again.'
          : 'The notices could not be loaded. Please try again later.';
    return (
      <Alert color="red" role="alert" title="Something went wrong">
        {message}
      </Alert>
    );
  }
  if (isPending)
    return (
      <div role="status">
        <Loader size="sm" aria-hidden="true" /> Loading…
      </div>
    );
  return children();
}
