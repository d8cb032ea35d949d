import { unreachableMessage } from '../../../lib/api-client';

/** The refusal's words without the field prefix the API puts first (`body: an EXE file …`). */
function refusalOf(body: string, status: number): string {
  if (status === 413) return 'the file is larger than 25 MB.';
  try {
    const parsed: unknown = JSON.parse(body);
    if (parsed && typeof parsed === 'object' && 'message' in parsed && typeof parsed.message === 'string') {
      return parsed.message.replace(/^body: /, '');
    }
  } catch {
    // Not JSON: said in general below.
  }
  return 'the file could not be attached. Please try again.';
}

/**
 * Uploads one file's bytes to the attachment call (`?name=`), reporting progress 0 to 100 as it is sent:
 * fetch reports no upload progress, so this uses XMLHttpRequest. Answers the name the file is kept under;
 * rejects with an Error whose message says why, in words.
 */
export function uploadWithProgress(
  path: string,
  file: File,
  onProgress: (percent: number) => void,
): Promise<string> {
  return new Promise((resolve, reject) => {
    const request = new XMLHttpRequest();
    request.open('POST', `${path}?${new URLSearchParams({ name: file.name }).toString()}`);
    request.setRequestHeader('content-type', 'application/octet-stream');
    request.setRequestHeader('accept', 'application/json');
    request.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
    };
    request.onload = () => {
      if (request.status === 201) {
        try {
          const kept: unknown = JSON.parse(request.responseText);
          const name =
            kept &&
            typeof kept === 'object' &&
            'attachment' in kept &&
            kept.attachment &&
            typeof kept.attachment === 'object' &&
            'fileName' in kept.attachment &&
            typeof kept.attachment.fileName === 'string'
              ? kept.attachment.fileName
              : file.name;
          resolve(name);
        } catch {
          resolve(file.name);
        }
      } else reject(new Error(refusalOf(request.responseText, request.status)));
    };
    request.onerror = () => reject(new Error(unreachableMessage('Check your connection.')));
    request.send(file);
  });
}
