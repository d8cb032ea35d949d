/** The pieces of a body (a stored object's, a response's) joined into one buffer. */
export async function readAll(body: AsyncIterable<Uint8Array>): Promise<Buffer> {
  const pieces: Uint8Array[] = [];
  for await (const piece of body) pieces.push(piece);
  return Buffer.concat(pieces);
}
