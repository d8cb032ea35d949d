import { Button } from '@mantine/core';
import type { DownloadFileType } from '../../../../common/downloads';

/** A file's download button; its name says which file, since a table holds many. */
export function DownloadButton({
  fileType,
  fileName,
  label,
  pending,
  disabled,
  onDownload,
}: {
  fileType: DownloadFileType;
  fileName: string;
  /** What the button is called for assistive technology, e.g. `Download acme.img for controller 8.1`. */
  label: string;
  pending: boolean;
  disabled: boolean;
  onDownload: (fileType: DownloadFileType, fileName: string) => void;
}) {
  return (
    <Button
      size="compact-sm"
      variant="light"
      aria-label={label}
      loading={pending}
      disabled={disabled}
      onClick={() => onDownload(fileType, fileName)}
    >
      Download
    </Button>
  );
}
