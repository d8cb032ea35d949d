import type { SessionUser } from '../../../common/contracts/auth';

/** A signed-in customer as the API presents one, for the session module's tests. */
export const CUSTOMER_USER: SessionUser = {
  id: 'u-1',
  name: 'Casey Customer',
  email: 'customer@example.com',
  role: 'customer',
  userType: 'customer',
  allowDownload: true,
  authLevel: 'zendesk',
  trackerAuthorized: false,
  createdAt: '2025-01-02T03:04:05.000Z',
};
