/**
 * autocannon, without building every response body into a string.
 *
 * autocannon 9 appends each body chunk to a string (`req.body += data` in lib/pipelinedRequestsQueue.js),
 * for its `verifyBody` and `expectBody` options, which no bench here uses (each checks its answers itself,
 * before the load). That decodes every body as UTF-8: for a 6.4 KB Brotli page, about 60 µs of the load
 * generator per response, on the same two cores as the server it measures. Measured on 2026-11-26 against
 * the same running portal, `/`: 11,000-11,400 requests/s with the string, 20,000-23,500 without, while a
 * hello world's 17-byte body costs nothing either way. So a bench measured autocannon reading large bodies,
 * not the server. The body's bytes are still counted (`addByteCount` is left alone).
 */
import { createRequire } from 'node:module';
import autocannon from 'autocannon';

const require = createRequire(import.meta.url);
const PipelinedRequestsQueue = require('autocannon/lib/pipelinedRequestsQueue.js');
if (typeof PipelinedRequestsQueue.prototype?.addBody !== 'function') {
  // Another autocannon: look at its body handling again before trusting the figures.
  throw new Error('bench/support/autocannon.mjs: autocannon no longer has PipelinedRequestsQueue.addBody');
}
PipelinedRequestsQueue.prototype.addBody = function keepNoBody() {};

export default autocannon;
