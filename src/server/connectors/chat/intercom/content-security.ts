import type { ChatPageSources } from '../types.js';

/**
 * The origins Intercom documents for a source allow-list Content Security Policy ("Using Intercom with Content
 * Security Policy", Messenger help): the widget script and the bundles it loads, its API and real-time
 * (nexus) sockets in every hosting region, uploads and attachments, fonts, media and the frames of its
 * embedded content. Kept here so that no Intercom name leaves the adapter; only `/chatbot` gets them.
 */
export const INTERCOM_PAGE_SOURCES: ChatPageSources = {
  scriptSrc: ['https://app.intercom.io', 'https://widget.intercom.io', 'https://js.intercomcdn.com'],
  connectSrc: [
    'https://via.intercom.io',
    'https://api.intercom.io',
    'https://api.au.intercom.io',
    'https://api.eu.intercom.io',
    'https://api-iam.intercom.io',
    'https://api-iam.eu.intercom.io',
    'https://api-iam.au.intercom.io',
    'https://api-ping.intercom.io',
    'https://nexus-websocket-a.intercom.io',
    'wss://nexus-websocket-a.intercom.io',
    'https://nexus-websocket-b.intercom.io',
    'wss://nexus-websocket-b.intercom.io',
    'https://nexus-europe-websocket.intercom.io',
    'wss://nexus-europe-websocket.intercom.io',
    'https://nexus-australia-websocket.intercom.io',
    'wss://nexus-australia-websocket.intercom.io',
    'https://uploads.intercomcdn.com',
    'https://uploads.intercomcdn.eu',
    'https://uploads.au.intercomcdn.com',
    'https://uploads.eu.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
  ],
  imgSrc: [
    'blob:',
    'https://js.intercomcdn.com',
    'https://static.intercomassets.com',
    'https://downloads.intercomcdn.com',
    'https://downloads.intercomcdn.eu',
    'https://downloads.au.intercomcdn.com',
    'https://uploads.intercomusercontent.com',
    'https://gifs.intercomcdn.com',
    'https://video-messages.intercomcdn.com',
    'https://messenger-apps.intercom.io',
    'https://messenger-apps.eu.intercom.io',
    'https://messenger-apps.au.intercom.io',
    'https://*.intercom-attachments-1.com',
    'https://*.intercom-attachments-5.com',
    'https://*.intercom-attachments-6.com',
    'https://*.intercom-attachments-9.com',
  ],
  fontSrc: ['https://js.intercomcdn.com', 'https://fonts.intercomcdn.com'],
  mediaSrc: [
    'https://js.intercomcdn.com',
    'https://downloads.intercomcdn.com',
    'https://downloads.intercomcdn.eu',
    'https://downloads.au.intercomcdn.com',
  ],
  // Intercom lists these under child-src; frame-src is what governs frames when it is set, as here.
  frameSrc: [
    'https://intercom-sheets.com',
    'https://www.intercom-reporting.com',
    'https://www.youtube.com',
    'https://player.vimeo.com',
    'https://fast.wistia.net',
  ],
  formAction: [
    'https://intercom.help',
    'https://api-iam.intercom.io',
    'https://api-iam.eu.intercom.io',
    'https://api-iam.au.intercom.io',
  ],
};
