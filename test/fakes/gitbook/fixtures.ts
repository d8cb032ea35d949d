import {
  ContentVisibility,
  RevisionPageLayoutOptionsCoverMask,
  RevisionPageLayoutOptionsCoverSize,
  RevisionPageLayoutOptionsWidth,
  type RevisionPage,
  type RevisionPageDocument,
  type RevisionPageGroup,
  type RevisionPageLink,
  type RevisionPageLayoutOptions,
  type SiteSpace,
  type Space,
} from '@gitbook/api';

/**
 * The GitBook fake's content: an organisation with one published docs site of two site-spaces (the platform
 * docs at the site's root, the controller docs under `/controller`), each linking a space whose page tree
 * holds what the docs feed must read and what it must skip. Every object `satisfies` the type that
 * `@gitbook/api` generates from GitBook's OpenAPI description, so a change of GitBook's shapes breaks the
 * type-check here first.
 */

export const GITBOOK_FAKE_TOKEN = 'gb_api_fake_portal_tests_only';
export const GITBOOK_FAKE_ORG = 'org_acme_networks';
export const GITBOOK_FAKE_SITE = 'site_acme_docs';
/** Where the fixture site is published: the portal's GITBOOK_SITE_URL (the API never says it for a site). */
export const GITBOOK_FAKE_SITE_URL = 'https://docs.acme.example/';

/** When the fixtures were last edited, unless a test changes a page. */
export const FIXTURE_EDITED_AT = '2026-10-01T09:00:00.000Z';

const layout = {
  width: RevisionPageLayoutOptionsWidth.Default,
  cover: false,
  coverSize: RevisionPageLayoutOptionsCoverSize.Hero,
  coverMask: RevisionPageLayoutOptionsCoverMask.None,
  title: true,
  description: true,
  tableOfContents: true,
  outline: true,
  pagination: true,
  metadata: true,
  tags: true,
  actions: true,
  anchors: true,
} satisfies RevisionPageLayoutOptions;

function space(id: string, title: string): Space {
  return {
    object: 'space',
    id,
    title,
    emoji: '',
    visibility: ContentVisibility.InCollection,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: FIXTURE_EDITED_AT,
    mergeRules: { type: 'inherit' },
    urls: {
      location: `https://api.gitbook.com/v1/spaces/${id}`,
      // The editor: what the portal must never show.
      app: `https://app.gitbook.com/o/${GITBOOK_FAKE_ORG}/s/${id}/`,
    },
    organization: GITBOOK_FAKE_ORG,
    revision: `rev_${id}`,
    defaultLevel: 'inherit',
    comments: 0,
    changeRequests: 0,
    changeRequestsOpen: 0,
    changeRequestsDraft: 0,
    permissions: {
      view: true,
      access: true,
      admin: false,
      viewInviteLinks: false,
      edit: false,
      triggerGitSync: false,
      comment: false,
      merge: false,
      review: false,
      installIntegration: false,
    },
  } satisfies Space;
}

function siteSpace(id: string, path: string, spaceId: string, title: string, isDefault: boolean): SiteSpace {
  const published = new URL(path, GITBOOK_FAKE_SITE_URL).toString();
  return {
    object: 'site-space',
    id,
    path,
    space: space(spaceId, title),
    title,
    default: isDefault,
    draft: false,
    urls: { published },
  } satisfies SiteSpace;
}

/** The site's site-spaces, in the order GitBook lists them. */
export function fixtureSiteSpaces(): SiteSpace[] {
  return [
    siteSpace('sitesp_platform', '', 'space_platform', 'Platform', true),
    siteSpace('sitesp_controller', 'controller', 'space_controller', 'Controller', false),
  ];
}

type PageOptions = Partial<Pick<RevisionPageDocument, 'hidden' | 'noIndex' | 'updatedAt'>> & {
  pages?: RevisionPageDocument['pages'];
};

function documentPage(
  spaceId: string,
  id: string,
  title: string,
  path: string,
  options: PageOptions = {},
): RevisionPageDocument {
  const slug = path.split('/').pop() ?? path;
  return {
    kind: 'sheet',
    type: 'document',
    id,
    title,
    slug,
    path,
    createdAt: '2026-01-05T10:00:00.000Z',
    updatedAt: options.updatedAt ?? FIXTURE_EDITED_AT,
    urls: { app: `https://app.gitbook.com/o/${GITBOOK_FAKE_ORG}/s/${spaceId}/${path}` },
    pages: options.pages ?? [],
    layout,
    tags: [],
    documentId: `doc_${id}`,
    ...(options.hidden === undefined ? {} : { hidden: options.hidden }),
    ...(options.noIndex === undefined ? {} : { noIndex: options.noIndex }),
  } satisfies RevisionPageDocument;
}

function group(
  id: string,
  title: string,
  path: string,
  pages: RevisionPageGroup['pages'],
): RevisionPageGroup {
  return { kind: 'group', type: 'group', id, title, slug: path, path, pages } satisfies RevisionPageGroup;
}

function link(id: string, title: string, url: string): RevisionPageLink {
  return {
    kind: 'link',
    type: 'link',
    id,
    title,
    target: { kind: 'url', url },
    href: url,
  } satisfies RevisionPageLink;
}

/** Each space's page tree, as `GET /spaces/{spaceId}/content/pages` answers it. */
export function fixtureTrees(): Map<string, RevisionPage[]> {
  return new Map<string, RevisionPage[]>([
    [
      'space_platform',
      [
        documentPage('space_platform', 'page_intro', 'Introduction', 'introduction', {
          pages: [documentPage('space_platform', 'page_quickstart', 'Quickstart', 'introduction/quickstart')],
        }),
        group('group_guides', 'Guides', 'guides', [
          documentPage('space_platform', 'page_install', 'Installation', 'guides/installation', {
            pages: [
              documentPage('space_platform', 'page_upgrade', 'Upgrading', 'guides/installation/upgrading'),
            ],
          }),
          link('link_status', 'Status page', 'https://status.acme.example/'),
          documentPage('space_platform', 'page_internal', 'Internal notes', 'guides/internal-notes', {
            noIndex: true,
          }),
          documentPage('space_platform', 'page_legacy', 'Legacy setup', 'guides/legacy-setup', {
            hidden: true,
          }),
        ]),
      ],
    ],
    [
      'space_controller',
      [
        documentPage('space_controller', 'page_tgw', 'Transit gateways', 'transit-gateways', {
          pages: [
            documentPage('space_controller', 'page_tgw_peering', 'Peering', 'transit-gateways/peering'),
          ],
        }),
        documentPage('space_controller', 'page_firenet', 'FireNet', 'firenet'),
      ],
    ],
  ]);
}

/** Each document page's body as GitBook renders it with `format=markdown`. */
export function fixtureBodies(): Map<string, string> {
  return new Map([
    ['page_intro', '# Introduction\n\nThe Acme platform connects clouds.\n'],
    ['page_quickstart', '# Quickstart\n\nDeploy the controller, then attach a gateway.\n'],
    ['page_install', '# Installation\n\n## Requirements\n\nA cloud account.\n'],
    ['page_upgrade', '# Upgrading\n\nUpgrade the controller first.\n'],
    ['page_internal', '# Internal notes\n\nNot for search.\n'],
    ['page_legacy', '# Legacy setup\n\nThe old way, still linked from release notes.\n'],
    ['page_tgw', '# Transit gateways\n\nA transit gateway routes between VPCs.\n'],
    ['page_tgw_peering', '# Peering\n\nPeer two transit gateways.\n'],
    ['page_firenet', '# FireNet\n\nInsert firewalls into the transit.\n'],
  ]);
}
