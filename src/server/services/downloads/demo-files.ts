import { createHash } from 'node:crypto';

/** Demo images are this size: big enough for a Range request to mean something, small for the database. */
const DEMO_IMAGE_BYTES = 256 * 1024;

/**
 * A stand-in image for the demo: deterministic bytes (a SHA-256 chain seeded with the file name), so every
 * instance and every run generates the same file and checksum, and no two images share bytes.
 */
export function demoImage(fileName: string): Uint8Array {
  const body = new Uint8Array(DEMO_IMAGE_BYTES);
  let block = createHash('sha256').update(fileName).digest();
  for (let offset = 0; offset < body.length; offset += block.length) {
    body.set(block.subarray(0, Math.min(block.length, body.length - offset)), offset);
    block = createHash('sha256').update(block).digest();
  }
  return body;
}

/** A stand-in Postman collection (format v2.1) with two requests of the controller API. */
export function demoCollection(title: string): Uint8Array {
  const collection = {
    info: {
      name: title,
      schema: 'https://schema.getpostman.com/json/collection/v2.1.0/collection.json',
    },
    variable: [{ key: 'controller', value: 'https://controller.example' }],
    item: [
      {
        name: 'Log in',
        request: {
          method: 'POST',
          url: '{{controller}}/v2/api',
          body: { mode: 'urlencoded', urlencoded: [{ key: 'action', value: 'login' }] },
        },
      },
      {
        name: 'List gateways',
        request: { method: 'GET', url: '{{controller}}/v2/api?action=list_gateways' },
      },
    ],
  };
  return new TextEncoder().encode(`${JSON.stringify(collection, null, 2)}\n`);
}
