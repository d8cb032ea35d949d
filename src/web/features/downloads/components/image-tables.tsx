import { Accordion } from '@mantine/core';
import { DataTable } from '../../../components/data-table';
import type { ImageFile } from '../../../../common/contracts/downloads';
import {
  IMAGE_PLATFORMS,
  kvmOnRequestMessage,
  oldReleaseMessage,
  PLATFORM_TITLES,
  type ImagePlatform,
} from '../../../../common/downloads';
import { QueryState } from '../../../components/query-state';
import { usePortalConfig } from '../../../lib/portal-config-context';
import { useImageFiles } from '../api/list-image-files';
import type { Destination } from '../lib/destination';
import { formatFileSize } from '../../../lib/file-size';
import { useDownload } from '../lib/use-download';
import type { DownloadUser } from './download-access';
import { DownloadButton } from './download-button';
import { DownloadError } from './download-error';
import classes from './downloads.module.css';

const IMAGE_COLUMNS = ['Controller release', 'Image', 'Size', 'SHA-256', 'Checksum file'] as const;

/** One controller release's row: the image and its checksum, or the section 8 message. */
function ReleaseRow({
  release,
  platform,
  image,
  oldestSupported,
  isOld,
  download,
}: {
  release: string;
  platform: ImagePlatform;
  image: ImageFile | undefined;
  oldestSupported: string;
  isOld: boolean;
  download: ReturnType<typeof useDownload>;
}) {
  const message = isOld
    ? oldReleaseMessage(release, oldestSupported)
    : !image || !image.releases.includes(release)
      ? platform === 'kvm'
        ? kvmOnRequestMessage(release)
        : 'No image for this release yet: contact support.'
      : null;
  if (message || !image) {
    return (
      <tr>
        <th scope="row">{release}</th>
        <td colSpan={4} className={classes.message}>
          {message}
        </td>
      </tr>
    );
  }
  const available = image.size !== null;
  const busy = download.pending !== null;
  return (
    <tr>
      <th scope="row">{release}</th>
      <td data-label="Image">
        <div>{image.fileName}</div>
        {available ? (
          <DownloadButton
            fileType="Image"
            fileName={image.fileName}
            label={`Download ${image.fileName} for controller ${release}`}
            pending={download.pending === image.fileName}
            disabled={busy}
            onDownload={download.start}
          />
        ) : (
          <span className={classes.message}>Not available yet</span>
        )}
      </td>
      <td data-label="Size">{image.size === null ? '—' : formatFileSize(image.size)}</td>
      <td data-label="SHA-256" className={classes.checksum}>
        {image.sha256 ?? '—'}
      </td>
      <td data-label="Checksum file">
        <div>{image.checksum.fileName}</div>
        {image.checksum.size !== null ? (
          <DownloadButton
            fileType="Text"
            fileName={image.checksum.fileName}
            label={`Download checksum ${image.checksum.fileName} for controller ${release}`}
            pending={download.pending === image.checksum.fileName}
            disabled={busy}
            onDownload={download.start}
          />
        ) : null}
      </td>
    </tr>
  );
}

/**
 * Stage 3 (spec sections 2, 8 and 9): a collapsible section per platform, each a table keyed by controller
 * release, with the image, its size and SHA-256 and its checksum file; older releases and KVM on newer ones
 * get the section 8 messages instead.
 */
export function ImageTables({ user, destination }: { user: DownloadUser; destination: Destination }) {
  const config = usePortalConfig();
  const { downloads } = config;
  const images = useImageFiles(user.id);
  const download = useDownload(user, destination);
  const oldestSupported = downloads.controllerReleases[0] ?? '';
  const releases = [...downloads.olderReleases, ...downloads.controllerReleases].reverse();
  return (
    <>
      <p>{`Edge OS installer version ${downloads.installerVersion} is compatible with controller ${downloads.controllerReleases.join(', ')}.`}</p>
      <DownloadError message={download.error} />
      <QueryState
        isPending={images.isPending}
        error={images.error}
        failed="The list of images could not be loaded. Please try again later."
      >
        {() => (
          <Accordion multiple defaultValue={[...IMAGE_PLATFORMS]} variant="separated">
            {IMAGE_PLATFORMS.map((platform) => {
              const image = images.data?.imageFiles.find((file) => file.platform === platform);
              return (
                <Accordion.Item key={platform} value={platform}>
                  <Accordion.Control>{PLATFORM_TITLES[platform]}</Accordion.Control>
                  <Accordion.Panel>
                    <DataTable
                      stacked
                      caption={PLATFORM_TITLES[platform]}
                      columns={IMAGE_COLUMNS}
                      label={`${PLATFORM_TITLES[platform]} by controller release`}
                    >
                      {releases.map((release) => (
                        <ReleaseRow
                          key={release}
                          release={release}
                          platform={platform}
                          image={image}
                          oldestSupported={oldestSupported}
                          isOld={downloads.olderReleases.includes(release)}
                          download={download}
                        />
                      ))}
                    </DataTable>
                  </Accordion.Panel>
                </Accordion.Item>
              );
            })}
          </Accordion>
        )}
      </QueryState>
    </>
  );
}
