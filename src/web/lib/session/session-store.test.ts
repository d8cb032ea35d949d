import { describe, expect, it } from 'vitest';
import type { SessionUser } from '../../../common/contracts/auth';
import {
  adoptServerUser,
  getSessionState,
  serverSessionState,
  setRedirectLink,
  signIn,
} from './session-store';
import { CUSTOMER_USER } from './session-user.fixture';

const casey = CUSTOMER_USER;
const dana: SessionUser = {
  ...casey,
  id: 'u-2',
  name: 'Dana Agent',
  email: 'dana@example.com',
  role: 'agent',
};

// Runs without a DOM: storage is unavailable, which the store treats as nothing stored.
describe('the session a page was rendered with', () => {
  it('a render without a session is signed out and not known yet', () => {
    expect(serverSessionState(null)).toMatchObject({ known: false, signedIn: false, userName: '' });
  });

  it("a render for a user shows that user, known, as the browser's first render will", () => {
    expect(serverSessionState(casey)).toMatchObject({
      known: true,
      signedIn: true,
      userId: 'u-1',
      userName: 'Casey Customer',
      role: 'customer',
    });
  });

  it('the browser takes the rendered user over, keeping its own choices only for the same user', () => {
    signIn(casey);
    setRedirectLink('/docs?article=x');
    adoptServerUser({ ...casey, name: 'Casey Renamed' });
    expect(getSessionState()).toMatchObject({ userName: 'Casey Renamed', redirectLink: '/docs?article=x' });
    // The cookie belongs to someone else now: nothing of Casey's carries over.
    adoptServerUser(dana);
    expect(getSessionState()).toMatchObject({ userId: 'u-2', userName: 'Dana Agent', redirectLink: null });
  });
});
