import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createUniversalSentenceEncoder } from './universal-sentence-encoder.js';

const dot = (a: Float32Array | undefined, b: Float32Array | undefined) =>
  Array.from(a ?? []).reduce((sum, value, i) => sum + value * (b?.[i] ?? 0), 0);

describe('the built-in embedder (Universal Sentence Encoder lite)', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('gives 512 floats of length 1, similar sentences nearer than unrelated ones, without the network', async () => {
    const fetch = vi.fn(() => {
      throw new Error('no network');
    });
    vi.stubGlobal('fetch', fetch);
    const connect = vi.spyOn(net.Socket.prototype, 'connect').mockImplementation(() => {
      throw new Error('no network');
    });
    const embedder = createUniversalSentenceEncoder();
    const [tunnel, flapping, recipe] = await embedder.embed([
      'The IPsec tunnel keeps going down and coming back up',
      'VPN tunnel flapping between the gateways',
      'Bake the cake for forty minutes at 180 degrees',
    ]);
    expect(fetch).not.toHaveBeenCalled();
    expect(connect).not.toHaveBeenCalled();
    for (const vector of [tunnel, flapping, recipe]) {
      expect(vector).toHaveLength(512);
      expect(vector?.every(Number.isFinite)).toBe(true);
      expect(dot(vector, vector)).toBeCloseTo(1, 4);
    }
    expect(dot(tunnel, flapping)).toBeGreaterThan(dot(tunnel, recipe) + 0.2);
  });
});
