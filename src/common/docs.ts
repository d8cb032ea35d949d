/**
 * The page of the Tech Hub and of whole knowledge-base articles (`/docs?article=`). The server sends the
 * knowledge base's image origins in this page's Content Security Policy alone.
 */
export const DOCS_PAGE_PATH = '/docs';
