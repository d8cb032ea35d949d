import { grantAuthCode } from '../features/auth/api/grant-auth-code';
import { AuthorizationReturn } from '../features/auth/components/authorization-return';
import { useStartAgain } from '../features/auth/components/sign-in-status';
import { signIn } from '../lib/session/session-store';
import type { PortalRouteHandle } from '../lib/route-handle';

export const handle: PortalRouteHandle = {
  meta: ({ config }) => ({
    title: 'Signing you in',
    description: `Completing your sign-in to the ${config.product.name} support portal after the help desk's authorization.`,
  }),
};

/**
 * Exchanges the code and signs in here rather than in an effect: the code is spent once, whatever React
 * renders twice.
 */
async function grantAndSignIn(params: { code: string; state: string }) {
  const answer = await grantAuthCode(params);
  signIn(answer.userInfo.user, { intercomJwt: answer.intercom_user_jwt });
  return answer;
}

/**
 * `/zendeskAuth?code=&state=`: the help desk's authorization came back. The code is exchanged once for a
 * signed-in session; customers then go home, agents on to the ticketing system's authorization (/jiraAuth).
 */
export function Component() {
  const startAgain = useStartAgain('customer');
  return (
    <AuthorizationReturn
      name="auth-code-grant"
      exchange={grantAndSignIn}
      onStartAgain={startAgain}
      progress={{ title: 'Signing you in', text: 'Completing your sign-in…' }}
    />
  );
}
