// Runs before the bench's portal starts: makes an agent with a random password in the database the portal
// will open, through the tests' factory, then prints `{email, password}` as JSON. A production portal refuses
// the demo accounts, so the bench brings its own.
import { createAgent } from '../../test/support/factories.js';
import { withPortalApp } from '../support/portal-app.js';

const agent = await withPortalApp((app) => createAgent(app));
console.log(JSON.stringify({ email: agent.email, password: agent.password }));
