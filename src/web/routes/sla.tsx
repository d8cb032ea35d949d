import { Page } from '../components/page';
import { SlaTable } from '../features/sla/components/sla-table';
import { usePortalConfig } from '../lib/portal-config-context';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Support SLA',
    description: `First response times for P1, P2 and P3 issues and coverage hours for the ${config.sla.tiers.join(', ')} support tiers.`,
  }),
};

export function Component() {
  const { sla } = usePortalConfig();
  return (
    <Page title="Support SLA" lead="How fast we respond, by priority and support tier." width="wide">
      <SlaTable sla={sla} />
      {sla.notes.length > 0 ? (
        <>
          <h2>Notes</h2>
          <ul>
            {sla.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
    </Page>
  );
}
