/**
 * What the Entra fake uses of `oidc-provider` 9 beyond test/support/peers/oidc-provider-types.d.ts (these
 * declarations merge with those): the endpoint paths and the answer's status and headers.
 */
declare module 'oidc-provider' {
  interface ProviderContext {
    status: number;
    response: { get(field: string): string; set(field: string, value: string): void };
  }

  interface Configuration {
    /** Endpoint paths, relative to where the provider is mounted. */
    routes?: Record<string, string>;
  }
}
