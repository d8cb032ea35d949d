/**
 * The chat of `/chatbot` (spec section 9, chat update delay): the chat is bound to the signed-in user and shown
 * this long after the page opens, whichever chat the chat connector runs.
 */
export const CHAT_UPDATE_DELAY_MS = 2000;

/**
 * The page of the chat. The server sends the chat service's Content Security Policy with this page alone, so
 * the chat's script can run nowhere else.
 */
export const CHATBOT_PAGE_PATH = '/chatbot';
