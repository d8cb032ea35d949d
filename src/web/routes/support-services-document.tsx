import { useParams } from 'react-router';
import { Page } from '../components/page';
import { NoPage, noPageMeta } from '../features/not-found/components/no-page';
import { PdfFrame } from '../features/service-descriptions/components/pdf-frame';
import { findServiceDocument } from '../features/service-descriptions/lib/service-documents';
import { paths } from '../lib/paths';
import { usePortalConfig } from '../lib/portal-config-context';
import type { PortalRouteHandle } from '../lib/route-handle';
import classes from './support-services-document.module.css';

export const handle: PortalRouteHandle = {
  meta: ({ config, params }) => {
    const doc = findServiceDocument(config, params.file);
    return doc ? { title: doc.title, description: doc.description } : noPageMeta;
  },
};

export function Component() {
  const config = usePortalConfig();
  const doc = findServiceDocument(config, useParams().file);
  if (!doc) return <NoPage />;
  const pdf = paths.files.serviceDescription(doc.file);
  return (
    <Page title={doc.title} lead={doc.description} width="wide">
      <p>
        <a href={pdf} download className={classes.download}>
          Download the PDF
        </a>
      </p>
      <PdfFrame title={`${doc.title} (PDF)`} src={pdf} />
    </Page>
  );
}
