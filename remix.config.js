/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ['**/.*', '**/*.test.{ts,tsx}', '**/__*/**'],
  serverModuleFormat: 'esm',
  serverPlatform: 'node',
  // The protocol folder lives outside app/ and is shared with the service.
  watchPaths: ['./protocol/**/*'],
  browserNodeBuiltinsPolyfill: { modules: {} },
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
  },
}
