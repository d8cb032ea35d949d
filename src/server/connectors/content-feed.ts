/**
 * A vendor's public content as a feed the portal syncs from (Zendesk Help Center, GitBook, Forumbee): the sync
 * service (services/content/vendor-sync.ts) asks a feed for a pass on a timer and writes what it answers into the
 * tables the portal's own search reads, so a keystroke never calls a vendor and an outage shows the last synced
 * content. A feed only reads its vendor; it never touches the database.
 */

/** Which of the portal's sources a feed fills (the search groups `kb`, `docs` and `community`). */
export type ContentSource = 'kb' | 'docs' | 'community';

export interface FeedPassRequest {
  /** Where the previous pass ended (its `cursor`); undefined on the first pass. */
  cursor: string | undefined;
  /**
   * Asks for a complete pass: every published item, so that what is not listed can be removed. A feed may answer
   * a complete pass when asked for changes only (one without a change listing always does).
   */
  full: boolean;
  signal: AbortSignal;
}

export interface FeedPass<Item> {
  /** Items new or changed since the cursor; on a complete pass, every item except those in `unchanged`. */
  items: Item[];
  /**
   * External ids of items still published whose stored copy is current, so they were not fetched again
   * (GitBook pages whose `updatedAt` did not move). Only meaningful on a complete pass.
   */
  unchanged: string[];
  /**
   * External ids to remove although the pass is not complete: an item the vendor reports deleted, made a draft,
   * or moved out of what the portal may show (a narrower Zendesk user segment).
   */
  removed: string[];
  /** True when `items` and `unchanged` are everything published: the sync removes every other item it holds. */
  complete: boolean;
  /** Where the next pass starts (opaque to the sync; stored as text). */
  cursor: string;
}

export interface ContentFeed<Item> {
  readonly source: ContentSource;
  /** Names the vendor in logs, errors and the admins' sync status. */
  readonly vendor: 'zendesk' | 'gitbook' | 'forumbee';
  pass(request: FeedPassRequest): Promise<FeedPass<Item>>;
}

/** A Help Center article as the knowledge-base feed hands it over. */
export interface FeedArticle {
  /** The vendor's id, as text (Zendesk ids pass 2^53). */
  externalId: string;
  title: string;
  /** The body as the vendor stores it (HTML); the sync sanitises it as it does `content/`. */
  html: string;
  /** Only signed-in users may read it (Zendesk's "signed-in users" segment); public otherwise. */
  signedInOnly: boolean;
  /** The article on the vendor's site: the link the portal shows. */
  htmlUrl: string;
  section: FeedSection | null;
  createdAt: Date;
  updatedAt: Date;
}

export interface FeedSection {
  externalId: string;
  name: string;
  category: { externalId: string; name: string };
}

/** A documentation page as the docs feed hands it over. */
export interface FeedDocsPage {
  externalId: string;
  title: string;
  /** The page as Markdown; the sync renders it and cuts its blocks at the headings, as for `content/docs/`. */
  markdown: string;
  /** Host of the published site (`docs.acme.example`). */
  domain: string;
  /** Path of the page on that site (`/controller/transit-gateways`): the published URL, never the editor's. */
  path: string;
  updatedAt: Date;
}

/** A community post as the community feed hands it over. */
export interface FeedPost {
  externalId: string;
  title: string;
  author: string;
  /** The question and its answers as plain text. */
  text: string;
  /** The post on the forum. */
  url: string;
  replies: number;
  createdAt: Date;
}
