import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { aggregatorSearchRoutes } from './aggregator-search.js';
import { articleFeedbackRoutes } from './article-feedback.js';
import { knowledgeBaseRoutes } from './knowledge-base.js';
import { latestKbRoutes } from './latest-kb.js';
import { pagedSearchRoutes } from './paged-search.js';
import { searchClickRoutes } from './search-click.js';
import { suggestionsRoutes } from './suggestions.js';

/** The search calls (federated, paged, suggestions, clicks), the home page's knowledge-base card and the /docs calls. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(latestKbRoutes);
  await app.register(aggregatorSearchRoutes);
  await app.register(pagedSearchRoutes);
  await app.register(suggestionsRoutes);
  await app.register(searchClickRoutes);
  await app.register(knowledgeBaseRoutes);
  await app.register(articleFeedbackRoutes);
};
