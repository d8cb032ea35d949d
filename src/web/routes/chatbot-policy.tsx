import { Page } from '../components/page';
import { formatDate } from '../lib/format-date';
import { usePortalConfig } from '../lib/portal-config-context';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: `${config.product.name} Chatbot Policy`,
    description: `What the ${config.product.name} support chatbot does, how reliable its answers are and how conversations are stored.`,
  }),
};

export function Component() {
  const config = usePortalConfig();
  const policy = config.chatbotPolicy;
  return (
    <Page
      title={`${config.product.name} Chatbot Policy`}
      lead={`Policy updated ${formatDate(policy.updated)}`}
    >
      {policy.paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </Page>
  );
}
