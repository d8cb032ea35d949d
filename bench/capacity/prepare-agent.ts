// Runs before the bench's portal starts: makes an agent with a random password in the database the portal
// will open, through the tests' factory, then prints `{email, password}` as JSON. A production portal refuses
// the demo accounts, so the bench brings its own. `BENCH_ROLE=admin` makes an admin instead (writing notices
// needs one); `BENCH_AGENT_EMAIL` fixes the address (tickets generated before it can be assigned to it).
import { createAdmin, createAgent } from '../../test/support/factories.js';
import { withPortalApp } from '../support/portal-app.js';

const make = process.env.BENCH_ROLE === 'admin' ? createAdmin : createAgent;
const email = process.env.BENCH_AGENT_EMAIL;
const agent = await withPortalApp((app) => make(app, email ? { email } : {}));
console.log(JSON.stringify({ email: agent.email, password: agent.password }));
