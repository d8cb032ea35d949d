/**
 * The posts the Forumbee fake holds unless a test gives its own: 25 topics in two categories (`getting-started`
 * and `troubleshooting`) and a few replies, which a listing with `postType=topics` leaves out. Bodies are HTML, as
 * a forum stores them, so that `textFormat=plain` has something to strip.
 */
export interface ForumbeeFixturePost {
  postKey: string;
  /** `topic` or `reply`; a reply names its topic in `parentKey`. */
  kind: 'topic' | 'reply';
  parentKey?: string;
  title: string;
  html: string;
  categoryLink: string;
  categoryName: string;
  author: { userKey: string; name: string; handle: string };
  /** ISO 8601 (not documented: the format Forumbee writes `posted` in). */
  posted: string;
  replyCount: number;
}

const authors = [
  { userKey: 'u1a2b3', name: 'Ada Lovelace', handle: 'ada' },
  { userKey: 'u4c5d6', name: 'Grace Hopper', handle: 'grace' },
  { userKey: 'u7e8f9', name: 'Linus Torvalds', handle: 'linus' },
] as const;

const gettingStarted = [
  'Installing the controller on a fresh VM',
  'Which ports does the gateway need open?',
  'First login: the admin password is refused',
  'Licensing a trial account',
  'Importing an existing network map',
  'Choosing a region for the control plane',
  'Upgrading from 6.x to 7.0',
  'Where do I find the API token?',
  'Connecting two VPCs for the first time',
  'Naming conventions for gateways',
  'Setting up single sign-on',
  'What does the onboarding wizard change?',
  'Backing up the controller',
] as const;

const troubleshooting = [
  'Tunnel flaps every ten minutes',
  'BGP session stays in Active',
  'Gateway CPU at 100% after upgrade',
  'Route table not propagated to spoke',
  'Certificate expired on the controller',
  'Packet loss across the transit gateway',
  'Diagnostics bundle upload fails',
  'Health check reports "degraded"',
  'DNS resolution fails inside the tunnel',
  'Terraform provider times out',
  'High latency between two regions',
  'Controller UI blank after login',
] as const;

function key(prefix: string, index: number): string {
  return `${prefix}${String(index).padStart(4, '0')}`;
}

function topic(
  prefix: string,
  index: number,
  title: string,
  category: { link: string; name: string },
): ForumbeeFixturePost {
  const author = authors[index % authors.length] ?? authors[0];
  return {
    postKey: key(prefix, index),
    kind: 'topic',
    title,
    html: `<p><strong>${title}</strong></p><p>Steps we tried &amp; what happened:</p><ul><li>step one</li><li>step two</li></ul>`,
    categoryLink: category.link,
    categoryName: category.name,
    author,
    posted: new Date(Date.UTC(2026, 0, 1 + index, 9, 30)).toISOString(),
    replyCount: index % 4,
  };
}

export function defaultForumbeePosts(): ForumbeeFixturePost[] {
  const start = { link: 'getting-started', name: 'Getting started' };
  const trouble = { link: 'troubleshooting', name: 'Troubleshooting' };
  const topics = [
    ...gettingStarted.map((title, index) => topic('gs', index, title, start)),
    ...troubleshooting.map((title, index) => topic('tr', index, title, trouble)),
  ];
  const replies: ForumbeeFixturePost[] = topics
    .filter((post) => post.replyCount > 0)
    .slice(0, 3)
    .map((post, index) => ({
      postKey: `re${String(index).padStart(4, '0')}`,
      kind: 'reply',
      parentKey: post.postKey,
      title: `Re: ${post.title}`,
      html: '<p>Restarting the gateway fixed it for us.</p>',
      categoryLink: post.categoryLink,
      categoryName: post.categoryName,
      author: authors[2],
      posted: new Date(Date.parse(post.posted) + 3_600_000).toISOString(),
      replyCount: 0,
    }));
  return [...topics, ...replies];
}
