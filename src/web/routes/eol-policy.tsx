import { Page } from '../components/page';
import { EolScheduleTable } from '../features/policies/components/eol-schedule-table';
import { formatDate } from '../lib/format-date';
import { usePortalConfig } from '../lib/portal-config-context';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: `${config.product.name} End of Life Policy`,
    description: `How long each ${config.product.name} release is maintained, and the end of life and end of support dates of every release.`,
  }),
};

export function Component() {
  const config = usePortalConfig();
  const policy = config.eolPolicy;
  return (
    <Page
      title={`${config.product.name} End of Life Policy`}
      lead={`Policy updated ${formatDate(policy.updated)}`}
      width="wide"
    >
      <p>{policy.intro}</p>
      <h2>Policy</h2>
      <ul>
        {policy.rules.map((rule) => (
          <li key={rule}>{rule}</li>
        ))}
      </ul>
      <h2>Release schedule</h2>
      <p>{`All releases ${config.releases.endOfSupportThrough} and prior are End of Support.`}</p>
      <EolScheduleTable schedule={policy.schedule} />
      <h2>Edge compatibility</h2>
      <p>{policy.edgeCompatibility}</p>
    </Page>
  );
}
