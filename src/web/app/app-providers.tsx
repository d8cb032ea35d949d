import { MantineProvider } from '@mantine/core';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import type { PortalConfig } from '../../common/portal-config';
import { PortalConfigProvider } from '../lib/portal-config-context';
import type { SessionState } from '../lib/session/session-store';
import { ServerSessionContext } from '../lib/session/use-session';
import { theme } from './theme';
import './mantine-styles';
// The theme's variables as a stylesheet instead of an inline <style> in every page (theme-variables.ts).
import '../styles/theme-variables.css';
import '../styles/global.css';

interface AppProvidersProps {
  config: PortalConfig;
  queryClient: QueryClient;
  /** The session the server rendered the page with (`serverSessionState`). */
  session: SessionState;
  children: ReactNode;
}

/** The providers around the router, identical on server and client so the markup hydrates. */
export function AppProviders({ config, queryClient, session, children }: AppProvidersProps) {
  return (
    <PortalConfigProvider config={config}>
      <ServerSessionContext.Provider value={session}>
        <QueryClientProvider client={queryClient}>
          {/* Light only: a scheme chosen in the browser would need an inline script before paint, which the CSP forbids. */}
          <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light">
            {children}
          </MantineProvider>
        </QueryClientProvider>
      </ServerSessionContext.Provider>
    </PortalConfigProvider>
  );
}
