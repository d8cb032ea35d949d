import type { ServiceDocument } from '../../../../common/portal-config';
import { AppLink } from '../../../components/app-link';
import { DecorativeSvg } from '../../../components/decorative-svg';
import card from '../../../components/card.module.css';
import { documentHref } from '../lib/service-documents';
import classes from './document-list.module.css';

function PdfIcon() {
  return (
    <DecorativeSvg className={classes.icon} viewBox="0 0 24 24" size={28}>
      <path
        d="M6 2h8l5 5v13a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V4a2 2 0 0 1 2-2z"
        fill="#fde8e8"
        stroke="#b42318"
        strokeWidth="1.4"
      />
      <path d="M14 2v5h5" fill="none" stroke="#b42318" strokeWidth="1.4" />
      <text
        x="12"
        y="17.5"
        textAnchor="middle"
        fontSize="5.5"
        fontWeight="700"
        fill="#b42318"
        fontFamily="system-ui, sans-serif"
      >
        PDF
      </text>
    </DecorativeSvg>
  );
}

export function DocumentList({ documents }: { documents: ServiceDocument[] }) {
  return (
    <ul className={classes.list}>
      {documents.map((doc) => (
        <li key={doc.file} className={`${card.card} ${classes.item}`}>
          <PdfIcon />
          <div>
            <AppLink href={documentHref(doc)} className={card.linkTitle}>
              {doc.title}
              <span className={classes.format}> (PDF)</span>
            </AppLink>
            <p className={card.linkText}>{doc.description}</p>
          </div>
        </li>
      ))}
    </ul>
  );
}
