import type { PortalConfig, ServiceDocument } from '../../../../common/portal-config';
import { paths } from '../../../lib/paths';

function allDocuments(config: PortalConfig): ServiceDocument[] {
  return [...config.serviceDescriptions.documents, config.serviceDescriptions.hardwareReturn];
}

/**
 * The document a `/support-services/:file` URL names, or null (then the page is the No Page page). The router
 * cannot match the `.pdf` suffix itself, so the parameter carries it.
 */
export function findServiceDocument(
  config: PortalConfig,
  fileParam: string | undefined,
): ServiceDocument | null {
  if (!fileParam?.endsWith('.pdf')) return null;
  const file = fileParam.slice(0, -'.pdf'.length);
  return allDocuments(config).find((doc) => doc.file === file) ?? null;
}

/** Every document opens the same way: in the portal's PDF page, which frames it and offers the download. */
export function documentHref(doc: ServiceDocument): string {
  return paths.supportServicesDocument.getHref(doc.file);
}
