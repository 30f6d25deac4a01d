// `npm run lint` runs this (`depcruise`): no import circle, type-only imports included, and the layers of the house plan:
// app → protocol ← service, config below both, nothing imports upward; tests may import anything.
const TEST = '(^tests/|\\.test\\.tsx?$)'

/** A layer's files, its tests left out (they may reach anywhere). */
const layer = (path) => ({ path, pathNot: TEST })

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'An import circle, type-only imports included: move the shared piece down a layer.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'not-to-unresolvable',
      comment: 'An import that resolves to no file would slip past every rule here.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
    {
      name: 'protocol-is-pure',
      comment: 'protocol/ is what the portal and the service share: it imports only itself and packages.',
      severity: 'error',
      from: layer('^protocol/'),
      to: { path: '^(app|service|config|server|scripts|tests|sandbox|demo)/|^server\\.ts$' },
    },
    {
      name: 'config-at-the-bottom',
      comment:
        'config/ (the environment, the catalog) sits below the portal and the service: it imports only protocol/.',
      severity: 'error',
      from: layer('^config/'),
      to: { path: '^(app|service|server|scripts|tests|sandbox|demo)/|^server\\.ts$' },
    },
    {
      name: 'service-not-upward',
      comment: 'The service never imports the portal, the HTTP server, the scripts, the stand-ins or the demo data.',
      severity: 'error',
      from: layer('^service/'),
      to: { path: '^(app|server|scripts|tests|demo)/|^server\\.ts$' },
    },
    {
      name: 'sandbox-loaded-on-demand',
      comment: 'The sandbox provider is loaded only when it is the provider: a start on Paddle never loads it.',
      severity: 'error',
      from: layer('^service/'),
      to: { path: '^sandbox/', dependencyTypesNot: ['dynamic-import'] },
    },
    {
      name: 'app-not-into-service',
      comment: 'The portal reaches the service only through the licensing client, never its modules.',
      severity: 'error',
      from: layer('^app/'),
      to: { path: '^(service|server|scripts|tests|sandbox|demo)/|^server\\.ts$' },
    },
    {
      name: 'server-not-upward',
      comment: 'The HTTP server wires the layers; the scripts and tests sit above it.',
      severity: 'error',
      from: layer('^(server/|server\\.ts$)'),
      to: { path: '^(scripts|tests)/' },
    },
    {
      name: 'tests-only-for-tests',
      comment: "The tests' fixtures are for tests: no source file imports them.",
      severity: 'error',
      from: { pathNot: TEST },
      to: { path: '^tests/' },
    },
  ],
  options: {
    includeOnly: '^(app|protocol|service|config|server|scripts|tests|sandbox|demo)/|^server\\.ts$',
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '^(build|public/build|node_modules)/' },
    // Type-only imports count: a circle of types is a circle for a reader.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
  },
}
