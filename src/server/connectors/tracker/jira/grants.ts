import { and, eq, sql } from 'drizzle-orm';
import type { Database } from '../../../db/client.js';
import { TrackerGrantMissingError } from '../grant-error.js';
import { isInvalidGrant, type JiraOAuth, type JiraTokens } from './oauth.js';
import { connectorGrants } from './schema.js';
import type { TokenCipher } from './token-cipher.js';

const VENDOR = 'jira';

/** An access token is renewed this long before its stated expiry, so a call does not start with a dying one. */
const EXPIRY_MARGIN_MS = 60_000;

/** An agent's live Jira grant, as a search uses it. */
export interface LiveGrant {
  cloudId: string;
  accessToken: string;
  /** The stored (sealed) access token: a refresh compares it to tell whether another instance renewed it. */
  sealedAccess: string;
}

/**
 * The agents' Jira grants in `connector_grants`, sealed (token-cipher.ts). Refresh tokens rotate, and the
 * one sent dies after a leeway whose length that page does not give (https://developer.atlassian.com/cloud/oauth/getting-started/refresh-tokens),
 * so a refresh is single-flight across every instance on the database: it runs under the grant row's lock
 * (`select … for update`) in the transaction that stores the rotated tokens. An instance that waited on the
 * lock finds a different access token than the one that failed it, and uses it without asking Jira.
 */
export function createJiraGrants(options: { db: Database; cipher: TokenCipher; oauth: JiraOAuth }) {
  const { db, cipher, oauth } = options;
  const where = (userId: string) =>
    and(eq(connectorGrants.userId, userId), eq(connectorGrants.vendor, VENDOR));
  const expiresAt = (tokens: JiraTokens) => new Date(Date.now() + tokens.expiresIn * 1000);

  const refresh = async (userId: string, failedSealedAccess: string | null): Promise<LiveGrant> => {
    const outcome = await db.transaction(async (tx) => {
      const [row] = await tx.select().from(connectorGrants).where(where(userId)).for('update');
      if (!row) return { kind: 'missing' } as const;
      const renewedElsewhere =
        failedSealedAccess !== null &&
        row.accessTokenSealed !== failedSealedAccess &&
        row.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS > Date.now();
      if (renewedElsewhere) return { kind: 'grant', row } as const;
      let tokens: JiraTokens;
      try {
        tokens = await oauth.refresh(cipher.open(row.refreshTokenSealed));
      } catch (error) {
        if (!isInvalidGrant(error)) throw error;
        // Revoked, unused too long or rotated out: no refresh will bring it back; the agent authorizes again.
        await tx.delete(connectorGrants).where(where(userId));
        return { kind: 'missing' } as const;
      }
      const [updated] = await tx
        .update(connectorGrants)
        .set({
          accessTokenSealed: cipher.seal(tokens.accessToken),
          refreshTokenSealed: cipher.seal(tokens.refreshToken),
          accessExpiresAt: expiresAt(tokens),
          updatedAt: sql`now()`,
        })
        .where(where(userId))
        .returning();
      return updated ? ({ kind: 'grant', row: updated } as const) : ({ kind: 'missing' } as const);
    });
    if (outcome.kind === 'missing') throw new TrackerGrantMissingError();
    return {
      cloudId: outcome.row.cloudId,
      accessToken: cipher.open(outcome.row.accessTokenSealed),
      sealedAccess: outcome.row.accessTokenSealed,
    };
  };

  return {
    /** Keeps (or replaces) the grant of portal user `userId`. */
    async store(input: { userId: string; accountId: string; cloudId: string; tokens: JiraTokens }) {
      const values = {
        accountId: input.accountId,
        cloudId: input.cloudId,
        accessTokenSealed: cipher.seal(input.tokens.accessToken),
        refreshTokenSealed: cipher.seal(input.tokens.refreshToken),
        accessExpiresAt: expiresAt(input.tokens),
        updatedAt: sql`now()`,
      };
      await db
        .insert(connectorGrants)
        .values({ userId: input.userId, vendor: VENDOR, ...values })
        .onConflictDoUpdate({ target: [connectorGrants.userId, connectorGrants.vendor], set: values });
    },

    /** The agent's grant, renewed first when its access token is (about to be) expired. */
    async live(userId: string): Promise<LiveGrant> {
      const [row] = await db.select().from(connectorGrants).where(where(userId));
      if (!row) throw new TrackerGrantMissingError();
      if (row.accessExpiresAt.getTime() - EXPIRY_MARGIN_MS <= Date.now()) {
        return refresh(userId, row.accessTokenSealed);
      }
      return {
        cloudId: row.cloudId,
        accessToken: cipher.open(row.accessTokenSealed),
        sealedAccess: row.accessTokenSealed,
      };
    },

    /** After Jira refused `failed` (a 401): a renewed grant, by this instance or another one. */
    refresh: (userId: string, failed: LiveGrant) => refresh(userId, failed.sealedAccess),
  };
}

export type JiraGrants = ReturnType<typeof createJiraGrants>;
