import { eq, gt, and, lt } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { authFlows, type AuthFlowRow } from '../../db/schema/index.js';
import { randomToken, sha256Hex } from '../../lib/tokens.js';

/** A sign-in in progress lives this long: the one-time code's 10 minutes plus time to type it. */
export const AUTH_FLOW_TTL_MS = 20 * 60_000;

export type AuthFlowKind = AuthFlowRow['kind'];
export type AuthFlow = AuthFlowRow;

export interface CreateFlowOptions {
  db: Database;
  kind: AuthFlowKind;
  email?: string | null;
  userId?: string | null;
  state?: string | null;
  codeVerifier?: string | null;
  nonce?: string | null;
  /** customer: the ID given at login by a user with none on file, written to the user at the end. */
  providedId?: string | null;
  /** The flow cookie the browser already had: its flow is dropped, one flow per browser. */
  replacesToken?: string | undefined;
  now?: Date;
}

/** Starts a flow; answers the token for the flow cookie (only its hash is stored). */
export async function createFlow(options: CreateFlowOptions): Promise<{ token: string; flow: AuthFlow }> {
  const { db } = options;
  const now = options.now ?? new Date();
  if (options.replacesToken) await deleteFlow({ db, token: options.replacesToken });
  await db.delete(authFlows).where(lt(authFlows.expiresAt, now));
  const token = randomToken();
  const [flow] = await db
    .insert(authFlows)
    .values({
      id: sha256Hex(token),
      kind: options.kind,
      email: options.email ?? null,
      userId: options.userId ?? null,
      state: options.state ?? null,
      codeVerifier: options.codeVerifier ?? null,
      nonce: options.nonce ?? null,
      providedId: options.providedId ?? null,
      createdAt: now,
      expiresAt: new Date(now.getTime() + AUTH_FLOW_TTL_MS),
    })
    .returning();
  if (!flow) throw new Error('auth flow insert returned no row');
  return { token, flow };
}

/** The unexpired flow of a cookie token, or null. */
export async function findFlow(options: {
  db: Database;
  token: string | undefined;
}): Promise<AuthFlow | null> {
  if (!options.token) return null;
  const [flow] = await options.db
    .select()
    .from(authFlows)
    .where(and(eq(authFlows.id, sha256Hex(options.token)), gt(authFlows.expiresAt, new Date())))
    .limit(1);
  return flow ?? null;
}

export async function updateFlow(options: {
  db: Database;
  flowId: string;
  set: Partial<Pick<AuthFlow, 'state' | 'codeVerifier' | 'nonce'>>;
}): Promise<void> {
  await options.db.update(authFlows).set(options.set).where(eq(authFlows.id, options.flowId));
}

export async function deleteFlow(options: { db: Database; token?: string; flowId?: string }): Promise<void> {
  const id = options.flowId ?? (options.token ? sha256Hex(options.token) : undefined);
  if (id) await options.db.delete(authFlows).where(eq(authFlows.id, id));
}
