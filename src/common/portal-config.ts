import { z } from 'zod';
import { IMAGE_PLATFORMS, PLAIN_FILE_NAME } from './downloads.js';
import { SUPPORT_TIERS, TICKET_PRIORITIES, slaMinutes } from './tickets.js';

/**
 * The portal's configuration file (`config/portal.yaml`), declared once: the server validates the file
 * against this schema at start, and the web app receives the validated object (it holds nothing secret).
 */

const href = z
  .string()
  .min(1)
  .refine((v) => v.startsWith('/') || /^https?:\/\//.test(v) || v.startsWith('mailto:'), {
    message: 'must be a path starting with / or an http(s) or mailto: URL',
  });

const linkSchema = z.object({
  label: z.string().min(1),
  href,
});
export type Link = z.infer<typeof linkSchema>;

/** A menu entry; `show` limits who sees it (the gates of spec sections 2 and 6). */
const menuItemSchema = linkSchema.extend({
  show: z.enum(['all', 'customers', 'downloads']).default('all'),
});
export type MenuItem = z.infer<typeof menuItemSchema>;

const linkGroupSchema = z.object({
  label: z.string().min(1),
  items: z.array(linkSchema).min(1),
});
export type LinkGroup = z.infer<typeof linkGroupSchema>;

const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'must be a date written YYYY-MM-DD');

const slaSchema = z.object({
  /** The support tiers, in this order (the ticket clock reads the columns by it). */
  tiers: z.tuple(
    SUPPORT_TIERS.map((tier) => z.literal(tier)) as [z.ZodLiteral<string>, ...z.ZodLiteral<string>[]],
  ),
  firstResponse: z
    .array(
      z.object({
        priority: z.enum(TICKET_PRIORITIES),
        description: z.string().min(1),
        values: z
          .array(
            z
              .string()
              .refine(
                (value) => slaMinutes(value) !== undefined,
                'must be a duration such as 2 hrs or 30 min',
              ),
          )
          .length(4),
      }),
    )
    .min(1),
  coverage: z.array(z.object({ label: z.string().min(1), values: z.array(z.boolean()).length(4) })).min(1),
  notes: z.array(z.string()).default([]),
});
export type SlaConfig = z.infer<typeof slaSchema>;

const eolReleaseSchema = z.object({
  release: z.string().min(1),
  status: z.enum(['End of Support', 'Supported']),
  ga: isoDate.optional(),
  endOfLife: isoDate.optional(),
  endOfSupport: isoDate.optional(),
});
export type EolRelease = z.infer<typeof eolReleaseSchema>;

const documentSchema = z.object({
  /**
   * File name without extension; the PDF lives at /files/service-descriptions/{file}.pdf and every document
   * opens alike, in the portal's PDF page /support-services/{file}.pdf (with its download link).
   */
  file: z.string().regex(/^[a-z0-9-]+$/, 'must be lower-case letters, digits and dashes'),
  title: z.string().min(1),
  description: z.string().min(1),
});
export type ServiceDocument = z.infer<typeof documentSchema>;

const releaseSchema = z.string().regex(/^\d+\.\d+$/, 'must be a release such as 8.1');
/** A file name the downloads offer: letters, digits, dots, dashes and underscores, no path. */
const downloadFileSchema = z
  .string()
  .regex(PLAIN_FILE_NAME, 'must be a plain file name (letters, digits, . _ -)');

const downloadsSchema = z
  .object({
    /** The Edge OS installer the images are built from (spec section 9: 2023.39.8). */
    installerVersion: z.string().min(1),
    /** Controller releases the installer is compatible with, oldest first. */
    controllerReleases: z.array(releaseSchema).min(1),
    /** Older releases still listed, with the message to upgrade the controller first (spec section 8). */
    olderReleases: z.array(releaseSchema).default([]),
    images: z
      .array(
        z.object({
          platform: z.enum(IMAGE_PLATFORMS),
          file: downloadFileSchema,
          /** The controller releases this image is offered for; the others of its table get a message. */
          releases: z.array(releaseSchema).min(1),
        }),
      )
      .min(1),
    /** Postman collections of the API Collection page. */
    collections: z.array(z.object({ file: downloadFileSchema, title: z.string().min(1), guide: z.url() })),
  })
  .superRefine((downloads, context) => {
    downloads.images.forEach((image, index) => {
      for (const release of image.releases) {
        if (!downloads.controllerReleases.includes(release)) {
          context.addIssue({
            code: 'custom',
            path: ['images', index, 'releases'],
            message: `${release} is not one of controllerReleases`,
          });
        }
      }
    });
  });
export type DownloadsConfig = z.infer<typeof downloadsSchema>;

const hhmm = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, 'must be a time such as 08:00');

/** Tickets: the types offered, and the first-response clock (spec section 9, coverage). */
const ticketingSchema = z.object({
  types: z.array(z.string().min(1).max(60)).min(1),
  /** The type that the home page's production-outage message chooses. */
  outageType: z.string().min(1),
  /** Weekday business hours of the 8/5 clock, in each organisation's time zone (ISO weekdays, Monday = 1). */
  businessHours: z.object({
    days: z.array(z.number().int().min(1).max(7)).min(1),
    start: hhmm,
    end: hhmm,
  }),
  /** Priorities whose clock counts business hours only, per tier; every other pair counts 24/7. */
  businessHoursClock: z.array(
    z.object({ tier: z.enum(SUPPORT_TIERS), priorities: z.array(z.enum(TICKET_PRIORITIES)).min(1) }),
  ),
  /** A ticket whose first response is due within this many minutes is 'due soon'. */
  dueSoonMinutes: z
    .number()
    .int()
    .min(1)
    .max(24 * 60),
  /** Who is mailed about a new P1 (the agents on duty, or their rota's address). */
  onDutyEmails: z.array(z.email()).default([]),
});
export type TicketingConfig = z.infer<typeof ticketingSchema>;

export const portalConfigSchema = z.object({
  product: z.object({
    name: z
      .string()
      .regex(/^[A-Za-z][A-Za-z0-9]*$/, 'must be one word of letters and digits (it prefixes routes)'),
    company: z.string().min(1),
    tagline: z.string().min(1),
  }),
  support: z.object({
    phone: z.string().min(1),
    corporateEmailDomain: z
      .string()
      .regex(/^[a-z0-9.-]+\.[a-z]{2,}$/, 'must be a domain such as acme.example'),
    webmaster: z.object({ name: z.string().min(1), email: z.email() }),
  }),
  banner: z.object({
    /** The date from which new signups must give a Controller ID or Customer ID (spec section 9). */
    idRequiredFrom: isoDate,
    text: z.string().min(1),
  }),
  releases: z.object({ endOfSupportThrough: z.string().regex(/^\d+\.\d+$/) }),
  menus: z.object({
    support: z.array(menuItemSchema).min(1),
    documentation: z.array(linkSchema).min(1),
    /** Top-level header links after the two menus: Professional Services, ACE, Community. */
    header: z.array(linkSchema).min(1),
  }),
  middleBar: z.object({
    links: z.array(linkSchema).min(1),
    cloudProviderStatus: linkGroupSchema,
    marketplace: linkGroupSchema,
  }),
  footer: z.object({
    social: z
      .array(linkSchema.extend({ icon: z.enum(['linkedin', 'x', 'youtube', 'github', 'facebook']) }))
      .min(1),
    policies: z.array(linkSchema).min(1),
    copyright: z.string().min(1),
  }),
  links: z.object({
    trust: z.url(),
    ticketPortal: href,
    sales: z.string().min(1),
  }),
  recommendedReading: z.array(linkSchema.extend({ description: z.string().min(1) })).min(1),
  sla: slaSchema,
  eolPolicy: z.object({
    updated: isoDate,
    intro: z.string().min(1),
    rules: z.array(z.string().min(1)).min(1),
    schedule: z.array(eolReleaseSchema).min(1),
    edgeCompatibility: z.string().min(1),
  }),
  chatbotPolicy: z.object({ updated: isoDate, paragraphs: z.array(z.string().min(1)).min(1) }),
  /** ISO 3166-1 alpha-2 codes of the countries the edge image may not be deployed in. */
  embargoedCountries: z.array(z.string().regex(/^[A-Z]{2}$/, 'must be an ISO 3166-1 alpha-2 code')).min(1),
  downloads: downloadsSchema,
  ticketing: ticketingSchema.refine((ticketing) => ticketing.types.includes(ticketing.outageType), {
    message: 'outageType must be one of types',
    path: ['outageType'],
  }),
  serviceDescriptions: z.object({
    documents: z.array(documentSchema).min(1),
    hardwareReturn: documentSchema,
  }),
  /** The built-in assistant of /chatbot. */
  assistant: z.object({
    /** A conversation is deleted this many days after its last question. */
    conversationRetentionDays: z.number().int().min(1).max(3650),
  }),
});

export type PortalConfig = z.infer<typeof portalConfigSchema>;
