import { Alert } from '@mantine/core';

/** Why a download did not start (the brief: a failed download call shows an error, it is not only logged). */
export function DownloadError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <Alert color="red" role="alert" title="The download did not start" mb="md">
      {message}
    </Alert>
  );
}
