/**
 * autocannon, without building every response body into a string.
 *
 * autocannon 9 appends each body chunk to a string (`req.body += data` in lib/pipelinedRequestsQueue.js),
 * for its `verifyBody` and `expectBody` options, which no bench here uses (each checks its answers itself,
 * before the load). That decodes every body as UTF-8, work of the load generator that grows with the body, on
 * the same cores as the server it measures: nothing for a hello world's 17 bytes, enough for a page of a few
 * KB that a bench measured autocannon reading bodies rather than the server. The body's bytes are still
 * counted (`addByteCount` is left alone).
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
