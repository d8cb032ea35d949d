/**
 * Every path the server answers that is not a page: the API calls of spec section 7 (their names are the
 * wire format the spec fixes, vendor names included: `zendesk` is the help desk, `azureAD` the identity
 * provider, `jira` the tracker, `git` the documentation, `forumbee` the community) and the server redirects
 * of sign-in. Routes register these constants, the web app calls them and the tests request them, so `grep`
 * on a path finds its route, its callers and its tests. A path with a parameter is a function; its pattern
 * (`:id`) is what the route registers.
 */
export const apiPaths = {
  system: {
    health: '/healthz',
    ready: '/readyz',
    /** Prometheus metrics, for the configured scrapers only (plugins/metrics.ts). */
    metrics: '/metrics',
    docs: '/api/docs',
  },
  aggregator: {
    latestKb: '/api/aggregator/latestKB',
    search: '/api/aggregator/search',
    customerSearch: '/api/aggregator/customerSearch',
    agentSearch: '/api/aggregator/agentSearch',
    logoutCustomer: '/api/aggregator/logoutCustomer',
    /** Titles as the user types, for the search boxes (not in the spec: the portal's own). */
    suggestions: '/api/aggregator/suggestions',
    /** A click on a search result, for the click-through of the analytics (the portal's own). */
    searchClick: '/api/aggregator/searchClick',
  },
  /** The paged call of each source, one page of 10 (keyed like `SourceKey`). */
  pagedSearch: {
    zendesk: '/api/zendesk/searchPagedKb',
    git: '/api/git/searchGit',
    forumbee: '/api/forumbee/searchPageCommunity',
    zendeskTickets: '/api/zendesk/searchPagedTickets',
    jiraIssues: '/api/jira/searchPagedIssue',
    zendeskRequests: '/api/zendesk/searchPagedRequests',
  },
  knowledgeBase: {
    articleDetails: '/api/zendesk/getArticleDetails',
    articlesByCategory: '/api/zendesk/searchArticlesByCategory',
    article: {
      pattern: '/api/zendesk/articles/:id',
      href: (id: string) => `/api/zendesk/articles/${encodeURIComponent(id)}`,
    },
    /** The home of a category: sections with their counts, most viewed and recent articles (the portal's own). */
    categoryOverview: '/api/zendesk/categoryOverview',
    /** An article was read: counted in memory, written in batches (the portal's own). */
    articleViews: {
      pattern: '/api/zendesk/articles/:id/views',
      href: (id: string) => `/api/zendesk/articles/${encodeURIComponent(id)}/views`,
    },
    /** "Was this article helpful?": one vote per user or browser (the portal's own). */
    articleVotes: {
      pattern: '/api/zendesk/articles/:id/votes',
      href: (id: string) => `/api/zendesk/articles/${encodeURIComponent(id)}/votes`,
    },
  },
  auth: {
    login: '/api/auth/login',
    signup: '/api/auth/signup',
    providers: '/api/auth/providers',
  },
  helpdesk: {
    createUser: '/api/zendesk/createUser',
    authCodeGrant: '/api/zendesk/authCodeGrant',
    authenticate: '/api/zendesk/authenticate',
    me: '/api/zendesk/me',
    /** The built-in help desk's own authorization page calls (a vendor's help desk serves its own page). */
    authorizeStart: '/api/helpdesk/authorize/start',
    authorizeVerify: '/api/helpdesk/authorize/verify',
    /** Zendesk's signed webhook: a ticket changed in Zendesk (the Zendesk ticket desk only). */
    ticketWebhook: '/api/zendesk/ticketWebhook',
  },
  identity: {
    /** Opened in the popup: the server redirects to the identity provider. */
    login: '/api/azureAD/login',
    authenticateCode: '/api/azureAD/authenticateCode',
    logout: '/api/azureAD/logoutAzureAD',
  },
  tracker: {
    authenticateCode: '/api/jira/authenticateCode',
  },
  /** Support notices (spec section 7; `events`, `noticeChanges` are the portal's own). */
  notices: {
    notice: '/api/noticesModule/notice',
    noticeById: '/api/noticesModule/notice-id',
    deleteNotice: '/api/noticesModule/notice-delete',
    seenByUsers: '/api/noticesModule/seen-by-users',
    noticeChanges: '/api/noticesModule/notice-changes',
    /** Admins: the deleted notices, and bringing one back. */
    deletedNotices: '/api/noticesModule/deleted-notices',
    restoreNotice: '/api/noticesModule/notice-restore',
    /** The caller's read of every active notice at once (the bell's "Mark all as read"). */
    markAllRead: '/api/noticesModule/mark-all-read',
    /** Server-sent events: a notice created, updated or deleted, on any instance. */
    events: '/api/noticesModule/events',
  },
  /** Edge images and API collections (spec section 7; `records` and `recordsCsv` are the portal's own). */
  downloads: {
    listImageFiles: '/api/downloads/list-image-files',
    listApiFiles: '/api/downloads/list-api-files',
    download: '/api/downloads/download',
    /** The compliance trail (admins): JSON pages and the CSV export. */
    records: '/api/downloads/records',
    recordsCsv: '/api/downloads/records.csv',
  },
  /** Tickets (the spec leaves the calls open). `:id` is the ticket number. */
  tickets: {
    tickets: '/api/tickets',
    ticket: '/api/tickets/:id',
    comments: '/api/tickets/:id/comments',
    /** Upload (the raw bytes, `?name=`) and, with an id, a redirect to a signed link of the file. */
    attachments: '/api/tickets/:id/attachments',
    attachment: '/api/tickets/:id/attachments/:attachmentId',
    /** Staff: the tracker issues linked to or named in a ticket, and the requester's other open tickets. */
    context: '/api/tickets/:id/context',
    /** Staff: link a tracker issue to a ticket (POST), or unlink one (DELETE `…/:key`). */
    issueLinks: '/api/tickets/:id/issues',
    issueLink: '/api/tickets/:id/issues/:key',
    /** The signed-in customer's organisation, tier and first-response targets, for Ticket Creation. */
    requester: '/api/tickets/requester',
    /** The agents and admins a ticket can be assigned to (staff). */
    assignees: '/api/tickets/assignees',
    /** Server-sent events: a ticket this user may see changed, on any instance. */
    events: '/api/tickets/events',
    /** What a ticket form suggested while the customer wrote, and which article was opened. */
    deflection: '/api/tickets/deflection',
    /** One change of status or assignee to several tickets (staff). */
    bulk: '/api/tickets/bulk',
    /** The organisations the queue can be filtered by (staff). */
    organisations: '/api/tickets/organisations',
    /** The canned replies the composer inserts (staff). */
    cannedReplies: '/api/tickets/canned-replies',
  },
  /** The built-in assistant of `/chatbot` (the portal's own calls). */
  assistant: {
    /** A question: the passages that answer it (JSON, or server-sent events with `Accept: text/event-stream`). */
    messages: '/api/assistant/messages',
    conversations: '/api/assistant/conversations',
    conversation: '/api/assistant/conversations/:id',
  },
  /** The chat of `/chatbot`, whichever runs (the portal's own call). */
  chat: {
    /** Which chat the page shows, with its public settings. */
    settings: '/api/chat/settings',
  },
  /** The built-in object store's signed URLs (an S3 store's URLs point at S3 instead). */
  storage: {
    object: '/api/storage/object',
  },
  admin: {
    searchAnalytics: '/api/admin/search-analytics',
    /** Each vendor feed's sync status. */
    contentSync: '/api/admin/content-sync',
    /** "Sync now" of one source (`kb`, `docs`, `community`). */
    contentSyncSource: '/api/admin/content-sync/:source',
    /** The agents' canned replies: list and create (admins). */
    cannedReplies: '/api/admin/canned-replies',
    /** One canned reply: update and delete (admins). */
    cannedReply: '/api/admin/canned-replies/:id',
  },
  /** Server redirects (not API calls, not pages): links to them are plain anchors. */
  redirects: {
    trust: '/trust',
    /** Starts the help-desk authorization. */
    helpdeskInit: '/zendeskInitAuth',
    /** Starts the ticketing system authorization (agents and admins). */
    trackerInit: '/jiraAuth',
    /** The built-in tracker's authorize endpoint. */
    trackerAuthorize: '/tracker/authorize',
  },
} as const;
