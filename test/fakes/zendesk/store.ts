/**
 * What the Zendesk fake holds: Help Center categories, sections, articles and user segments in the JSON shapes of
 * Zendesk's Help Center API, with the default fixtures the feed's tests and the vendor profile need.
 *
 * Shapes: https://developer.zendesk.com/api-reference/help_center/help-center-api/articles/ (`body`, `draft`,
 * `html_url`, `section_id`, `user_segment_id`, `user_segment_ids`, `created_at`, `updated_at`, ...),
 * https://developer.zendesk.com/api-reference/help_center/help-center-api/user_segments/ (`user_type`,
 * `group_ids`, `organization_ids`, `tags`, `or_tags`, `added_user_ids`, `built_in`).
 */

export interface ZendeskCategory {
  id: number;
  name: string;
  description: string;
  locale: string;
  position: number;
  html_url: string;
  url: string;
  created_at: string;
  updated_at: string;
}

export interface ZendeskSection {
  id: number;
  category_id: number;
  name: string;
  description: string;
  locale: string;
  position: number;
  html_url: string;
  url: string;
  created_at: string;
  updated_at: string;
}

export interface ZendeskArticle {
  id: number;
  section_id: number;
  title: string;
  body: string;
  locale: string;
  source_locale: string;
  draft: boolean;
  promoted: boolean;
  position: number;
  author_id: number;
  /** null: everyone may read it. */
  user_segment_id: number | null;
  /** Enterprise plans: readers in any of these segments may read it. */
  user_segment_ids: number[];
  label_names: string[];
  html_url: string;
  url: string;
  created_at: string;
  updated_at: string;
  edited_at: string;
}

export interface ZendeskUserSegment {
  id: number;
  name: string;
  /** `signed_in_users` or `staff`. */
  user_type: 'signed_in_users' | 'staff';
  group_ids: number[];
  organization_ids: number[];
  tags: string[];
  or_tags: string[];
  added_user_ids: number[];
  built_in: boolean;
  created_at: string;
  updated_at: string;
}

/** A fixture article as a test writes it; what it leaves out is filled in. */
export interface ArticleInput {
  id?: number;
  title?: string;
  body?: string;
  section_id?: number;
  draft?: boolean;
  user_segment_id?: number | null;
  user_segment_ids?: number[];
  locale?: string;
}

export interface HelpCenterStore {
  categories: Map<number, ZendeskCategory>;
  sections: Map<number, ZendeskSection>;
  articles: Map<number, ZendeskArticle>;
  segments: Map<number, ZendeskUserSegment>;
}

/** Ids of the default fixtures, for the tests that name one. 13 digits, as Zendesk's ids are. */
export const ZENDESK_FIXTURE_IDS = {
  category: 4400000000001,
  sectionAccounts: 4400000000101,
  sectionNetworking: 4400000000102,
  segmentSignedIn: 4400000000201,
  segmentOrganisation: 4400000000202,
  segmentStaff: 4400000000203,
  organisation: 4400000000301,
  articleSignedIn: 4400000001001,
  articleOrganisation: 4400000001002,
  articleDraft: 4400000001003,
  articleImage: 4400000001004,
  /** The first of the plain public articles; the others follow one by one. */
  firstPublicArticle: 4400000002001,
} as const;

/** Where the fake serves the image of the article with an `<img>`. */
export const FIXTURE_IMAGE_PATH = '/hc/article_attachments/4400000009001/network-diagram.png';

/** A 1x1 transparent PNG. */
export const FIXTURE_IMAGE = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

export const isoSeconds = (ms: number): string =>
  new Date(Math.floor(ms / 1000) * 1000).toISOString().replace('.000Z', 'Z');

const slug = (title: string): string =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

export interface StoreContext {
  origin: () => string;
  locale: string;
  now: () => number;
}

export function articleOf(input: ArticleInput, id: number, context: StoreContext): ZendeskArticle {
  const at = isoSeconds(context.now());
  const title = input.title ?? `Article ${id}`;
  const locale = input.locale ?? context.locale;
  return {
    id,
    section_id: input.section_id ?? ZENDESK_FIXTURE_IDS.sectionAccounts,
    title,
    body: input.body ?? `<p>${title}.</p>`,
    locale,
    source_locale: locale,
    draft: input.draft ?? false,
    promoted: false,
    position: 0,
    author_id: 4400000000900,
    user_segment_id: input.user_segment_id ?? null,
    user_segment_ids: input.user_segment_ids ?? [],
    label_names: [],
    html_url: `${context.origin()}/hc/${locale}/articles/${id}-${slug(title)}`,
    url: `${context.origin()}/api/v2/help_center/${locale}/articles/${id}.json`,
    created_at: at,
    updated_at: at,
    edited_at: at,
  };
}

/**
 * The default Help Center: one category with two sections; `publicArticles` public articles (one with an `<img>`
 * on the fake's origin among them), one for signed-in users, one for an organisation's segment, and one draft.
 * Each article was last changed one second after the one before, days before the fake's now.
 */
export function defaultStore(context: StoreContext, publicArticles: number): HelpCenterStore {
  const ids = ZENDESK_FIXTURE_IDS;
  const { locale } = context;
  const origin = context.origin;
  const start = context.now() - 10 * 24 * 3600 * 1000;
  let tick = 0;
  const stamped = <T extends { created_at: string; updated_at: string }>(item: T): T => {
    const at = isoSeconds(start + tick++ * 1000);
    return { ...item, created_at: at, updated_at: at };
  };
  const store: HelpCenterStore = {
    categories: new Map(),
    sections: new Map(),
    articles: new Map(),
    segments: new Map(),
  };
  store.categories.set(
    ids.category,
    stamped({
      id: ids.category,
      name: 'Getting started',
      description: '',
      locale,
      position: 0,
      html_url: `${origin()}/hc/${locale}/categories/${ids.category}-getting-started`,
      url: `${origin()}/api/v2/help_center/${locale}/categories/${ids.category}.json`,
      created_at: '',
      updated_at: '',
    }),
  );
  for (const [id, name] of [
    [ids.sectionAccounts, 'Accounts'],
    [ids.sectionNetworking, 'Networking'],
  ] as const) {
    store.sections.set(
      id,
      stamped({
        id,
        category_id: ids.category,
        name,
        description: '',
        locale,
        position: 0,
        html_url: `${origin()}/hc/${locale}/sections/${id}-${slug(name)}`,
        url: `${origin()}/api/v2/help_center/${locale}/sections/${id}.json`,
        created_at: '',
        updated_at: '',
      }),
    );
  }
  const segment = (
    id: number,
    name: string,
    userType: ZendeskUserSegment['user_type'],
    narrower: Partial<ZendeskUserSegment>,
    builtIn: boolean,
  ): ZendeskUserSegment =>
    stamped({
      id,
      name,
      user_type: userType,
      group_ids: [],
      organization_ids: [],
      tags: [],
      or_tags: [],
      added_user_ids: [],
      built_in: builtIn,
      created_at: '',
      updated_at: '',
      ...narrower,
    });
  store.segments.set(
    ids.segmentSignedIn,
    segment(ids.segmentSignedIn, 'Signed-in users', 'signed_in_users', {}, true),
  );
  store.segments.set(
    ids.segmentOrganisation,
    segment(
      ids.segmentOrganisation,
      'Globex customers',
      'signed_in_users',
      { organization_ids: [ids.organisation] },
      false,
    ),
  );
  store.segments.set(ids.segmentStaff, segment(ids.segmentStaff, 'Agents and admins', 'staff', {}, true));

  const add = (id: number, input: ArticleInput) => {
    store.articles.set(id, stamped(articleOf(input, id, context)));
  };
  add(ids.articleSignedIn, {
    title: 'Renewing your licence',
    user_segment_id: ids.segmentSignedIn,
    section_id: ids.sectionAccounts,
  });
  add(ids.articleOrganisation, {
    title: 'Globex private gateway runbook',
    user_segment_id: ids.segmentOrganisation,
    section_id: ids.sectionNetworking,
  });
  add(ids.articleDraft, { title: 'Upcoming release notes', draft: true, section_id: ids.sectionAccounts });
  add(ids.articleImage, {
    title: 'Network diagram',
    section_id: ids.sectionNetworking,
    body: `<p>How traffic flows:</p><p><img src="${origin()}${FIXTURE_IMAGE_PATH}" alt="Network diagram"></p>`,
  });
  for (let i = 0; i < Math.max(0, publicArticles - 1); i++) {
    const id = ids.firstPublicArticle + i;
    add(id, {
      title: `Public article ${i + 1}`,
      section_id: i % 2 === 0 ? ids.sectionAccounts : ids.sectionNetworking,
    });
  }
  return store;
}
