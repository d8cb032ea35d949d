import { expect } from 'vitest';
import { apiPaths } from '../../src/common/api-paths.js';
import { noticeItemSchema, type Notice, type SaveNoticeBody } from '../../src/common/contracts/notices.js';
import type { App } from '../../src/server/app.js';
import { postAs, type Caller } from './callers.js';

/** Helpers of the notice tests; the callers and calls are `callers.ts`'s. */
export { ANONYMOUS, callerOf, getAs, postAs, refusal, type Caller } from './callers.js';

/** A valid notice body, a week long from now, with `overrides`. */
export function noticeBody(overrides: Partial<SaveNoticeBody> = {}): SaveNoticeBody {
  const start = Date.now() - 60_000;
  return {
    title: 'Controller maintenance',
    description: '<p>Scheduled maintenance of the <strong>controller</strong> cloud.</p>',
    startDate: new Date(start).toISOString(),
    endDate: new Date(start + 7 * 86_400_000).toISOString(),
    type: 'Maintenance',
    ...overrides,
  };
}

/** Creates a notice as `admin`; fails the test unless it is created. */
export async function createNoticeAs(
  app: App,
  admin: Caller,
  overrides: Partial<SaveNoticeBody> = {},
): Promise<Notice> {
  const res = await postAs(app, admin, apiPaths.notices.notice, noticeBody(overrides));
  expect(res.statusCode, res.body).toBe(201);
  return noticeItemSchema.parse(res.json()).Item;
}
