import type { ReactNode } from 'react';
import { QueryState as SharedQueryState } from '../../../components/query-state';

/** The shared loading line and error, in the words of the notice pages. */
export function QueryState(props: { isPending: boolean; error: unknown; children: () => ReactNode }) {
  return (
    <SharedQueryState
      {...props}
      failed="The notices could not be loaded. Please try again later."
      notFound="This notice does not exist or was deleted."
    />
  );
}
