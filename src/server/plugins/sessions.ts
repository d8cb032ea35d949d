import cookie from '@fastify/cookie';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Env } from '../env.js';
import { AUTH_FLOW_TTL_MS } from '../services/auth/flows.js';
import { createSessionResolver, type SessionResolver } from '../services/auth/session-cache.js';
import { SESSION_ENDED, type ActiveSession, type SessionPolicy } from '../services/auth/sessions.js';
import type { PortalUser } from '../services/auth/users.js';
import { sha256Hex } from '../lib/tokens.js';
import { FILE_PATH_PREFIXES } from './static-files.js';
import { isSecureOrigin } from './origin.js';

declare module 'fastify' {
  interface FastifyInstance {
    /** Idle and absolute timeouts of sessions (SESSION_IDLE_MINUTES, SESSION_ABSOLUTE_HOURS). */
    sessionPolicy: SessionPolicy;
    /** Resolves session cookies, keeping them `SESSION_CACHE_MS` (services/auth/session-cache.ts). */
    sessions: SessionResolver;
  }
  interface FastifyRequest {
    /** The live session of the request's cookie, or null (anonymous, expired, logged out). */
    session: ActiveSession | null;
    /** The signed-in user of that session, or null. */
    user: PortalUser | null;
  }
}

export const SESSION_COOKIE = 'portal_session';
export const FLOW_COOKIE = 'portal_flow';
/** A browser's own id for "Was this article helpful?" when nobody is signed in (one vote per browser). */
export const VOTER_COOKIE = 'portal_voter';
/** The voter cookie lasts a year: long enough that a browser keeps its one vote, short of forever. */
const VOTER_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;
/** Over HTTPS the cookies take the `__Host-` prefix: Secure, no Domain, Path=/ are then enforced by browsers. */
const HOST_PREFIX = '__Host-';

type CookieEnv = Pick<Env, 'PUBLIC_URL'>;

function cookieName(base: string, request: FastifyRequest, env: CookieEnv): string {
  return isSecureOrigin(request, env) ? `${HOST_PREFIX}${base}` : base;
}

function readCookie(base: string, request: FastifyRequest, env: CookieEnv): string | undefined {
  const value = request.cookies[cookieName(base, request, env)];
  // Tokens are base64url of 32 bytes; anything else is not ours and is not looked up.
  return value && /^[A-Za-z0-9_-]{20,100}$/.test(value) ? value : undefined;
}

function setCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  env: CookieEnv,
  base: string,
  value: string,
  maxAgeSeconds: number,
): void {
  reply.setCookie(cookieName(base, request, env), value, {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureOrigin(request, env),
    maxAge: maxAgeSeconds,
  });
}

function clearCookie(reply: FastifyReply, request: FastifyRequest, env: CookieEnv, base: string): void {
  reply.clearCookie(cookieName(base, request, env), {
    httpOnly: true,
    sameSite: 'lax',
    path: '/',
    secure: isSecureOrigin(request, env),
  });
}

export const readSessionToken = (request: FastifyRequest, env: CookieEnv) =>
  readCookie(SESSION_COOKIE, request, env);
export const readFlowToken = (request: FastifyRequest, env: CookieEnv) =>
  readCookie(FLOW_COOKIE, request, env);

export function setSessionCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  env: CookieEnv,
  token: string,
  policy: SessionPolicy,
): void {
  setCookie(reply, request, env, SESSION_COOKIE, token, Math.floor(policy.absoluteMs / 1000));
}
/**
 * Runs a sign-in (password, corporate SSO, help-desk authorization) with this browser's current session, which
 * it replaces, and sets the new session's cookie: every way of signing in ends here, so none can forget either.
 */
export async function signInWithCookie<T extends { sessionToken: string }>(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  /** Called with the browser's current session token, which the sign-in replaces (a new id at sign-in). */
  signIn: (currentSessionToken: string | undefined) => Promise<T>,
): Promise<T> {
  const currentSessionToken = readSessionToken(request, app.env);
  const signedIn = await signIn(currentSessionToken);
  // The sign-in replaced (deleted) the browser's previous session, whose live streams end with it.
  if (currentSessionToken) {
    app.sessions.forget(currentSessionToken);
    app.eventStreams.endSession(sha256Hex(currentSessionToken));
  }
  setSessionCookie(reply, request, app.env, signedIn.sessionToken, app.sessionPolicy);
  return signedIn;
}

export const clearSessionCookie = (reply: FastifyReply, request: FastifyRequest, env: CookieEnv) =>
  clearCookie(reply, request, env, SESSION_COOKIE);

export function setFlowCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  env: CookieEnv,
  token: string,
): void {
  setCookie(reply, request, env, FLOW_COOKIE, token, Math.floor(AUTH_FLOW_TTL_MS / 1000));
}
export const clearFlowCookie = (reply: FastifyReply, request: FastifyRequest, env: CookieEnv) =>
  clearCookie(reply, request, env, FLOW_COOKIE);

export const readVoterToken = (request: FastifyRequest, env: CookieEnv) =>
  readCookie(VOTER_COOKIE, request, env);
export function setVoterCookie(
  reply: FastifyReply,
  request: FastifyRequest,
  env: CookieEnv,
  token: string,
): void {
  setCookie(reply, request, env, VOTER_COOKIE, token, VOTER_COOKIE_MAX_AGE_SECONDS);
}

/**
 * Cookies, and the request's session: looked up by the SHA-256 of the cookie token, dropped when idle or
 * past its absolute end (the cookie is then cleared), touched at most once a minute (more often when the idle
 * timeout is under four minutes, so that a session in use never idles out).
 */
export async function registerSessions(app: FastifyInstance): Promise<void> {
  await app.register(cookie);
  app.decorate('sessionPolicy', {
    idleMs: app.env.SESSION_IDLE_MINUTES * 60_000,
    absoluteMs: app.env.SESSION_ABSOLUTE_HOURS * 3_600_000,
  });
  app.decorate(
    'sessions',
    createSessionResolver({ db: app.db, policy: app.sessionPolicy, ttlMs: app.env.SESSION_CACHE_MS }),
  );
  app.decorateRequest('session', null);
  app.decorateRequest('user', null);
  app.addHook('onRequest', async (request, reply) => {
    // Static files never need the session; skipping them saves a query per asset.
    if (FILE_PATH_PREFIXES.some((prefix) => request.url.startsWith(prefix))) return;
    const token = readSessionToken(request, app.env);
    if (!token) return;
    const resolved = await app.sessions.resolve(token);
    // Only a session this request saw time out has its cookie cleared. A token of no session is left alone: it
    // is most often one a sign-in in this browser has just replaced, sent by a request that was already on its
    // way (a live stream reconnecting), and clearing it would clear the new session's cookie too.
    if (resolved === SESSION_ENDED) clearSessionCookie(reply, request, app.env);
    if (!resolved || resolved === SESSION_ENDED) return;
    request.session = resolved.session;
    request.user = resolved.user;
  });
  // After the cookie plugin's own onSend, which writes Set-Cookie: an answer that sets a cookie (a dead
  // session's cleared) must never be kept by a shared cache, which would clear it for everyone it serves.
  app.addHook('onSend', async (_request, reply, payload) => {
    const cacheControl = reply.getHeader('cache-control');
    if (
      typeof cacheControl === 'string' &&
      cacheControl.startsWith('public') &&
      reply.hasHeader('set-cookie')
    ) {
      reply.header('cache-control', 'private, no-cache');
    }
    return payload;
  });
}
