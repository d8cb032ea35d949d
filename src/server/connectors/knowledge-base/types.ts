import type { ConnectorRoutes } from '../connector-routes.js';
import type { ContentSync } from '../content-sync.js';
import type { PageSources } from '../page-sources.js';
import type { ConnectorSearchQuery, SearchPage, TermStats, VocabularyWord } from '../search-types.js';

/**
 * The knowledge base (Zendesk Help Center in the vendor's deployment; the built-in one, loaded from
 * `content/kb/`, by default): its articles, searched and read whole, and the structure the `/docs` pages and
 * the home page show.
 */

/** A knowledge-base article found by a search (Zendesk Help Center article). */
export interface KbHit {
  id: number;
  title: string;
  htmlUrl: string;
  /** Set when only signed-in users may read the article (Zendesk's user segment). */
  userSegmentId: number | null;
  sectionId: number | null;
  /** The section's name ('' when it has none). */
  section: string;
  updatedAt: Date;
  /** Highlighted HTML: only `<mark>`, see `markedSnippet`. */
  snippet: string;
}

/** A knowledge-base article whole, as the assistant reads it to point into one of its sections. */
export interface KbArticleBody {
  id: number;
  title: string;
  htmlUrl: string;
  /** Set when only signed-in users may read the article. */
  userSegmentId: number | null;
  /** The body as the help desk stores it: HTML whose section headings carry ids (`<h2 id>`, `<p id>`). */
  body: string;
}

/** An article as the knowledge area hands it out: the fields a listing needs, never the raw row. */
export interface KbArticleSummary {
  id: number;
  slug: string;
  title: string;
  /** The body as plain text; presenters cut the snippet from it. */
  bodyText: string;
  /** Non-null: the article needs sign-in, so its text is not shown on the public home page. */
  userSegmentId: number | null;
  htmlUrl: string;
  viewCount: number;
  updatedAt: Date;
}

/** A category of the knowledge base (a Help Center category); `/docs` shows the Tech Hub's. */
export interface KbCategory {
  id: number;
  slug: string;
  name: string;
}

export interface KbArticle {
  id: number;
  slug: string;
  title: string;
  /** HTML. */
  body: string;
  bodyText: string;
  section: string;
  sectionId: number | null;
  userSegmentId: number | null;
  htmlUrl: string;
  updatedAt: Date;
}

export interface KbSection {
  id: number;
  name: string;
  /** What `/docs?section=` names it by. */
  slug: string;
}

export interface CategoryTree {
  category: KbCategory;
  sections: (KbSection & { articles: KbArticle[] })[];
}

export interface ArticlePage {
  article: KbArticle;
  /** The slug of its section, null when it has none. */
  sectionSlug: string | null;
  /** Other articles of its section, the most read first. */
  related: { id: number; title: string; htmlUrl: string }[];
}

export interface ArticleSummary {
  id: number;
  title: string;
  htmlUrl: string;
  userSegmentId: number | null;
  section: KbSection;
  updatedAt: Date;
}

export interface CategoryOverview {
  category: KbCategory;
  sections: (KbSection & { articleCount: number })[];
  mostViewed: ArticleSummary[];
  recentlyUpdated: ArticleSummary[];
}

/** Reads of articles counted since the last write: per article id, and per slug for pages opened by slug. */
export interface ArticleViews {
  byId: ReadonlyMap<number, number>;
  bySlug: ReadonlyMap<string, number>;
}

/** The votes on one article in a period. */
export interface ArticleVoteCount {
  id: number;
  title: string;
  htmlUrl: string;
  helpful: number;
  notHelpful: number;
}

export interface KnowledgeBaseConnector extends ConnectorRoutes {
  /**
   * What the Content Security Policy of `/docs`, the page that shows whole article bodies, must allow: the
   * origins the bodies' images are served from (a vendor's attachment host); empty for the built-in, whose
   * images are the portal's own.
   */
  readonly pageSources: PageSources;

  /** The vendor feed the articles are synced from (Zendesk Help Center); null when `content/kb/` fills them. */
  readonly contentSync: ContentSync | null;

  /** Knowledge-base articles, whole or of one category (the /docs search). Protected bodies are included. */
  searchArticles(query: ConnectorSearchQuery, scope?: { categoryId: number }): Promise<SearchPage<KbHit>>;

  /**
   * The whole bodies of these articles (ids of search hits), in no particular order; an id the knowledge base
   * no longer has is left out. Protected articles are included: who may read them is the caller's decision.
   */
  readArticles(ids: readonly number[]): Promise<KbArticleBody[]>;

  /** How many items hold each word stem, read from what the search matches (the assistant's term rarity). */
  termStats(): Promise<TermStats>;

  /** Every word of its titles and bodies: the vocabulary behind 'Did you mean' (search-words.ts). */
  vocabulary(): Promise<VocabularyWord[]>;

  /** The home page's card: the `latestLimit` most recently updated articles and the `popularLimit` most read. */
  latest(limits: {
    latestLimit: number;
    popularLimit: number;
  }): Promise<{ latest: KbArticleSummary[]; mostPopular: KbArticleSummary[] }>;

  /**
   * A category by numeric id or slug, or undefined. `tech-hub` names the category `/docs` shows: the built-in's
   * slug, or the configured category of a vendor's knowledge base (`ZENDESK_TECH_HUB_CATEGORY_ID`).
   */
  category(idOrSlug: string): Promise<KbCategory | undefined>;

  /** A category's sections by name, articles by title within each. */
  categoryTree(category: KbCategory): Promise<CategoryTree>;

  /** An article by numeric id or slug with its section's slug and related articles; NOT_FOUND otherwise. */
  articlePage(idOrSlug: string): Promise<ArticlePage>;

  /**
   * The home of a category: its sections with their article counts, and its `limit` most viewed and most
   * recently updated articles, ties broken by id.
   */
  categoryOverview(category: KbCategory, limit: number): Promise<CategoryOverview>;

  /** An article's id by numeric id or slug; NOT_FOUND otherwise. */
  articleId(idOrSlug: string): Promise<number>;

  /** Adds reads to the articles' view counts (what "most viewed" orders by); an unknown id or slug adds nothing. */
  addViews(views: ArticleViews): Promise<void>;

  /** "Was this article helpful?": one vote per article and voter, so a second vote replaces the first. */
  recordVote(vote: { articleId: number; voter: string; helpful: boolean }): Promise<void>;

  /**
   * The votes cast or last changed in [from, to), per article: the most voted first, then the most found
   * unhelpful (what a content writer looks at first), at most `limit`.
   */
  voteCounts(period: { from: Date; to: Date; limit: number }): Promise<ArticleVoteCount[]>;
}
