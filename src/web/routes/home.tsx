import { Container } from '@mantine/core';
import { latestKbQueryOptions } from '../features/knowledge-base/api/get-latest-kb';
import { LatestKbCard } from '../features/knowledge-base/components/latest-kb-card';
import { RecommendedReadingCard } from '../features/home/components/recommended-reading-card';
import { SupportMessages } from '../features/home/components/support-messages';
import { SiteSearchBox } from '../features/site-search/components/site-search-box';
import { useOpenStoredLink } from '../lib/session/use-open-stored-link';
import type { PortalRouteHandle } from '../lib/route-handle';
import classes from './home.module.css';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: `${config.product.name} Support`,
    description: `${config.product.company} support portal: AI chatbot, ticket portal, knowledge base, SLA, end of life policy and service descriptions for ${config.product.name} products.`,
  }),
  // In the first HTML, not behind a spinner: the card is part of what the home page is for.
  prefetch: (queryClient, data) =>
    queryClient.prefetchQuery({ ...latestKbQueryOptions(), queryFn: () => data.latestKb() }),
};

export function Component() {
  // After sign-in, a protected link opened while signed out is opened now (spec section 4).
  useOpenStoredLink();
  return (
    <>
      <SupportMessages
        search={<SiteSearchBox variant="hero" shortcutPriority={2} landmark="Search the support portal" />}
      />
      <Container size="xl" className={classes.cards}>
        <RecommendedReadingCard />
        <LatestKbCard />
      </Container>
    </>
  );
}
