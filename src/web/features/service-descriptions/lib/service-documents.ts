import type { PortalConfig, ServiceDocument } from '../../../../common/portal-config';
import { paths } from '../../../lib/paths';

function allDocuments(config: PortalConfig): ServiceDocument[] {
  return [...config.serviceDescriptions.documents, config.serviceDescriptions.hardwareReturn];
}

/**
 * The framed document a `/support-services/:file` URL names, or null (then the page is the No Page page).
 * The router cannot match the `.pdf` suffix itself, so the parameter carries it.
 */
export function findFramedDocument(
  config: PortalConfig,
  fileParam: string | undefined,
): ServiceDocument | null {
  if (!fileParam?.endsWith('.pdf')) return null;
  const file = fileParam.slice(0, -'.pdf'.length);
  return allDocuments(config).find((doc) => doc.framed && doc.file === file) ?? null;
}

/** Framed documents open in the portal's viewer page; the others link straight to the PDF. */
export function documentHref(doc: ServiceDocument): string {
  return doc.framed
    ? paths.supportServicesDocument.getHref(doc.file)
    : paths.files.serviceDescription(doc.file);
}
