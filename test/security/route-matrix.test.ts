import { describe, expect, it } from 'vitest';
import { useTestApp } from '../support/use-test-app.js';
import { compareWithMatrix, MATRIX } from './route-matrix.js';

/** The matrix test's own test: a route registered without a row is caught, by name. */
const t = useTestApp({
  seed: false,
  extend: (app) => {
    app.get('/api/probe/unlisted', async () => ({ ok: true }));
  },
});

describe('the authorization matrix against a new route', () => {
  it('reports a route the app registered and the matrix does not name', () => {
    expect(compareWithMatrix(t.app.routeTable, MATRIX)).toEqual({
      unlisted: ['GET /api/probe/unlisted'],
      stale: [],
    });
  });

  it('reports a row whose route the app does not have', () => {
    const withGone = { ...MATRIX, 'GET /api/gone': 'public' as const };
    expect(compareWithMatrix(t.app.routeTable, withGone).stale).toEqual(['GET /api/gone']);
  });
});
