import { Alert, Loader } from '@mantine/core';
import type { ReactNode } from 'react';
import { ApiError, unreachableMessage } from '../lib/api-client';

/**
 * The loading line and the error of a query, so every page says the same thing the same way: `failed` names
 * what could not be loaded, `notFound` (optional) what a 404 means on this page.
 */
export function QueryState({
  isPending,
  error,
  failed,
  notFound,
  children,
}: {
  isPending: boolean;
  error: unknown;
  failed: string;
  notFound?: string;
  children: () => ReactNode;
}) {
  if (error) {
    const message =
      notFound && error instanceof ApiError && error.status === 404
        ? notFound
        : error instanceof ApiError && error.status === 0
          ? unreachableMessage()
          : failed;
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
