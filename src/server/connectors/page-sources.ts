/**
 * Origins one page must allow beyond the portal's own, per Content Security Policy directive (helmet's names):
 * a chat's scripts and sockets on `/chatbot`, a knowledge base's images in the article bodies of `/docs`. Empty
 * for an implementation that needs none; only that page gets them (plugins/security-headers.ts).
 */
export type PageSources = Partial<
  Record<
    'scriptSrc' | 'connectSrc' | 'imgSrc' | 'fontSrc' | 'mediaSrc' | 'frameSrc' | 'formAction',
    readonly string[]
  >
>;
