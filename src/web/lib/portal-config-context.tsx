import { createContext, use, type ReactNode } from 'react';
import type { PortalConfig } from '../../common/portal-config';

// The validated config/portal.yaml, sent with every page; it never changes while the page is open.
const PortalConfigContext = createContext<PortalConfig | null>(null);

export function PortalConfigProvider({ config, children }: { config: PortalConfig; children: ReactNode }) {
  return <PortalConfigContext value={config}>{children}</PortalConfigContext>;
}

export function usePortalConfig(): PortalConfig {
  const config = use(PortalConfigContext);
  if (!config) throw new Error('usePortalConfig must be used inside PortalConfigProvider');
  return config;
}
