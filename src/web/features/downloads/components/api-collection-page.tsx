import { Anchor } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import { QueryState } from '../../../components/query-state';
import { useSession } from '../../../lib/session/use-session';
import { useApiFiles } from '../api/list-api-files';
import { formatFileSize } from '../../../lib/file-size';
import { useDownload } from '../lib/use-download';
import { DownloadAccess, type DownloadUser } from './download-access';
import { DownloadButton } from './download-button';
import { DownloadError } from './download-error';

/** Postman collections name no deployment: the download call gets none. */
const NO_DESTINATION = {};

function CollectionTable({ user }: { user: DownloadUser }) {
  const session = useSession();
  const files = useApiFiles(user.id, session.signedIn);
  const download = useDownload(user, NO_DESTINATION);
  return (
    <>
      <DownloadError message={download.error} />
      <QueryState
        isPending={files.isPending}
        error={files.error}
        failed="The list of collections could not be loaded. Please try again later."
      >
        {() => {
          const collections = files.data?.collectionFiles ?? [];
          if (collections.length === 0) return <p>No collections are available yet.</p>;
          return (
            <DataTable
              stacked
              caption="Postman collections"
              columns={['Collection', 'File', 'Size', 'Download', 'Guide']}
            >
              {collections.map((file) => (
                <tr key={file.fileName}>
                  <th scope="row">{file.title}</th>
                  <td data-label="File">{file.fileName}</td>
                  <td data-label="Size">{file.size === null ? '—' : formatFileSize(file.size)}</td>
                  <td data-label="Download">
                    {file.size === null ? (
                      'Not available yet'
                    ) : (
                      <DownloadButton
                        fileType="Postman"
                        fileName={file.fileName}
                        label={`Download ${file.title}`}
                        pending={download.pending === file.fileName}
                        disabled={download.pending !== null}
                        onDownload={download.start}
                      />
                    )}
                  </td>
                  <td data-label="Guide">
                    <Anchor href={file.guide} target="_blank" rel="noopener noreferrer">
                      {`Guide to the ${file.title}`}
                    </Anchor>
                  </td>
                </tr>
              ))}
            </DataTable>
          );
        }}
      </QueryState>
    </>
  );
}

/** The API Collection page (spec section 2): Postman collections with a Download and a guide link each. */
export function ApiCollectionPage() {
  return <DownloadAccess>{(user) => <CollectionTable user={user} />}</DownloadAccess>;
}
