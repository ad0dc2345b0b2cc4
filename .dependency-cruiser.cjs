// @ts-check
/**
 * The architecture's import rules as allow-lists (README, "Packages"). `npm run lint` runs them
 * (`depcruise`), and `tests/lint-rules.test.ts` proves each one bites. An import that no
 * `allowed` rule matches fails as `not-in-allowed`; the `forbidden` rules name the common
 * mistakes so their message says what to do instead.
 *
 * To let a package use a new library, add it to that package's list in LIBRARIES (production
 * code), to PACKAGE_TEST_LIBRARIES (that package's tests and test support only) or to
 * TEST_LIBRARIES (every test, test support, bench, config and script).
 */

const { rooms, roomRules } = require('./scripts/architecture/rooms.cjs');

/** The libraries each package's production code may import, by workspace folder. */
const LIBRARIES = {
  core: [
    '@turf/kinks', // self-intersection
    'geographiclib-geodesic', // areas and lengths on the ellipsoid
    'polyclip-ts', // the polygon algebra of the topology: union, intersection, difference
    'robust-predicates', // exact orientation tests when noding a cutter
    'flatbush', // the spatial index of the topology check
  ],
  'adapters-geoserver': [
    'inversify',
  ],
  'adapters-storage': [
    'inversify',
  ],
  'adapters-files': [
    'proj4', // coordinate systems: EPSG:4326, 4490, 3857, the CGCS2000 Gauss-Krüger zones, any .prj WKT
    'shpjs', // reads .shp and, through its parsedbf, .dbf
    '@mapbox/shp-write', // writes .shp / .shx
    'dbf', // writes .dbf
    '@tmcw/togeojson', // reads KML
    '@xmldom/xmldom', // the DOM togeojson reads and the KML writer builds, in Workers and Node too
    'papaparse', // CSV
    '@terraformer/wkt', // CSV's WKT column
    'fflate', // zips
  ],
  'ui-react': [
    'react',
    'react-dom',
    'react-router-dom',
    'antd',
    '@ant-design/icons',
    'inversify',
    'leaflet',
    'leaflet-draw',
    'world-atlas', // Natural Earth outlines
    '@turf/bbox-clip', // the land cut into pieces the canvas's index culls
    'topojson-client',
    'flatbush', // spatial index of the feature canvas (culling, hit-testing)
    '@fontsource/noto-sans', // the app's Latin UI font (src/app/app-fonts.css)
    'dayjs', // antd's DatePicker's dates, and its Chinese month and weekday names (src/map/date-field.tsx)
  ],
  examples: [],
  // The embedding example is a React app of its own: it builds the container FeatureMap needs.
  'examples/embed-map': ['react', 'react-dom', 'inversify'],
};

/** What tests, test support, benches, configs and scripts may import besides their package's libraries. */
const TEST_LIBRARIES = [
  'vitest',
  '@vitest/coverage-v8',
  'msw',
  'jsdom',
  'playwright-core',
  'axe-core', // the accessibility audit the browser tests inject into the app
  'openapi-backend',
  'openapi-types',
  'swagger2openapi',
  'yaml',
  'semver',
  'eslint',
  '@eslint/js',
  'globals',
  'typescript-eslint',
  'dependency-cruiser',
  'typedoc', // the API reference and its documentation check
  'vite',
  '@vitejs/plugin-react',
  'postcss', // parses antd's prebuilt sheet for its cut (packages/ui-react/antd-sheet.ts, build time)
  '@turf/area',
  '@types/node',
  'fast-check',
];

/**
 * Libraries a package's tests and test support only may import: `ol` is the reference the
 * adapter's readers and writers are proven equal to, `xmlbuilder` the one its XML writer is;
 * never part of its production code.
 */
const PACKAGE_TEST_LIBRARIES = {
  'adapters-geoserver': ['ol', 'xmlbuilder'],
};

/**
 * The benchmark's anchors and runner: `bench/` measures gportal beside them, nothing else may use
 * them this way. React runs gportal's editor in the benchmark's pages, and inversify composes it,
 * as the app does.
 */
const BENCH_LIBRARIES = ['ol', 'leaflet', 'leaflet-draw', 'tsx', 'react', 'react-dom', 'inversify'];

/** The public entries (package.json "exports") each package's production code may import. */
const ENTRIES = {
  core: 'packages/core/src/index[.]ts',
  memory: 'packages/core/src/memory/index[.]ts',
  contracts: 'packages/core/src/contracts/index[.]ts',
  geoserver: 'packages/adapters-geoserver/src/index[.]ts',
  // Test support for other workspaces' tests only (resolved through the gportal:source condition, never built).
  geoserverTestSupport: 'packages/adapters-geoserver/test/test-support[.]ts',
  storage: 'packages/adapters-storage/src/index[.]ts',
  files: 'packages/adapters-files/src/index[.]ts',
  ui: 'packages/ui-react/src/index[.]ts',
  // Browser-test support (Chromium, the map's lon/lat helpers) for other workspaces' tests only.
  uiTesting: 'packages/ui-react/test/browser/testing[.]ts',
  // The Vite plugin that cuts antd's prebuilt sheet, for the builds of apps that embed the editor.
  uiAntdSheet: 'packages/ui-react/antd-sheet[.]ts',
  // The gzip targets and budgets of the built app, held by its browser test and judged by the bench.
  uiBundleBudgets: 'packages/ui-react/bundle-budgets[.]ts',
};
const PUBLIC_ENTRIES = {
  // The in-memory adapters are for tests and the UI's embedded mode, never an adapter's production code.
  'adapters-geoserver': [ENTRIES.core],
  'adapters-storage': [ENTRIES.core],
  'adapters-files': [ENTRIES.core],
  'ui-react': [ENTRIES.core, ENTRIES.memory, ENTRIES.geoserver, ENTRIES.storage, ENTRIES.files],
  examples: [ENTRIES.core, ENTRIES.memory, ENTRIES.contracts, ENTRIES.geoserver, ENTRIES.storage, ENTRIES.files],
  'examples/embed-map': [ENTRIES.core, ENTRIES.geoserver, ENTRIES.storage, ENTRIES.ui],
};
/** What the benchmark may import of the packages: the entries other teams use. */
const BENCH_ENTRIES = [ENTRIES.core, ENTRIES.memory, ENTRIES.contracts, ENTRIES.geoserver, ENTRIES.storage, ENTRIES.ui, ENTRIES.uiAntdSheet, ENTRIES.uiBundleBudgets];
/** Files that run only under vitest, in Node, or at build time: they may use Node built-ins and test libraries. */
const TEST_FILES = [
  '[.](test|bench)[.]tsx?$',
  '/test-support/',
  '^packages/[^/]+/test/',
  '^tests/',
  '^scripts/',
  '^bench/',
  // Examples are programs run with Node (tsx), except the embedding example's app, which runs in a browser.
  '^examples/(?!embed-map/src/)',
  '(^|/)(vite|vitest)[.][a-z.]*config[.]ts$',
  // The UI package's Vite plugin, run at build time in Node (the app's, the bench's and embedding apps' builds).
  '^packages/ui-react/antd-sheet[.]ts$',
  '^vitest[.]shared[.]ts$',
  '^eslint[.]config[.]js$',
  '^[.]dependency-cruiser[.]cjs$',
];

/**
 * The repository's scripts that other workspaces' tests, test support and bench may import by a
 * relative path: they belong to no package, so no package entry can carry them.
 * `debian-packages.ts` installs the Debian packages both the browser tests and the bench need;
 * `architecture/rooms.cjs` reads the rooms of docs/architecture.md for this config and its tests.
 */
const SHARED_SCRIPTS = ['^scripts/debian-packages[.]ts$', '^scripts/architecture/rooms[.]cjs$'];

/** Tests, test support, fixtures and benches: never imported by what a package ships. */
const TEST_CODE = ['[.](test|bench)[.]tsx?$', '/test-support/', '^packages/[^/]+/test/'];

const WORKSPACES = Object.keys(LIBRARIES);
const folderOf = (workspace) => (workspace.startsWith('examples') ? workspace : `packages/${workspace}`);
const npm = (names) => `(^|/)node_modules/(${names.join('|')})/`;
const production = (workspace) => ({ path: `^${folderOf(workspace)}/`, pathNot: TEST_FILES });
const entries = (paths) => ({ path: `^(${paths.join('|')})$` });

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-relative-import-across-packages',
      comment: 'A package reaches another only through its public entry: import "@gportal/<name>", never a relative path into its folder.',
      severity: 'error',
      from: { path: '^(packages/[^/]+|examples|tests|scripts|bench)/' },
      to: { path: '^(packages|examples|tests|scripts|bench)/', pathNot: ['^$1/', ...SHARED_SCRIPTS], dependencyTypes: ['local'], dependencyTypesNot: ['aliased-workspace'] },
    },
    {
      name: 'no-bench-in-production',
      comment: 'The benchmark measures the packages through their public entries; a package\'s source never imports bench/, so nothing of it ships in the app.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/' },
      to: { path: '^bench/' },
    },
    {
      name: 'bench-through-public-entries',
      comment: 'The benchmark measures what other teams can use: it imports the packages\' public entries only ("@gportal/core", "/memory", "/contracts", "@gportal/adapters-geoserver", "@gportal/adapters-storage", "@gportal/ui-react", its build plugin and its bundle budgets), never their test support. A function\'s own bench sits beside it as a *.bench.ts.',
      severity: 'error',
      from: { path: '^bench/' },
      to: { path: '^packages/', pathNot: entries(BENCH_ENTRIES).path },
    },
    {
      name: 'no-deep-import',
      comment: 'Only the entries in a package\'s package.json "exports" are public: "@gportal/core", "@gportal/core/memory", "@gportal/core/contracts", "@gportal/adapters-geoserver", "@gportal/adapters-storage", "@gportal/adapters-files".',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, path: '^@gportal/' },
    },
    {
      name: 'no-memory-adapters-in-adapter-code',
      comment: 'Adapter production code must not depend on the in-memory fakes; what it needs belongs on the core\'s main entry.',
      severity: 'error',
      from: { path: '^packages/adapters-[^/]+/', pathNot: TEST_FILES },
      to: entries([ENTRIES.memory, ENTRIES.contracts]),
    },
    {
      name: 'no-node-builtins-in-production',
      comment: 'Library and app code runs in browsers too: Node built-ins only in tests, test support, benches, configs, scripts and examples.',
      severity: 'error',
      from: { pathNot: TEST_FILES },
      to: { dependencyTypes: ['core'] },
    },
    {
      name: 'no-map-into-app-or-screens',
      comment: 'The map (src/map/) is embeddable without the app: a piece the map and the screens share belongs in src/ui/ or src/i18n/, below both; what the app decides reaches the map as a prop or a service the map defines.',
      severity: 'error',
      from: { path: '^packages/ui-react/src/map/' },
      to: { path: '^packages/ui-react/src/(screens|app|shell)/' },
    },
    {
      name: 'no-circular',
      comment: 'Production code imports downwards only: two files that need each other share a types file or a third module both import.',
      severity: 'error',
      from: { pathNot: TEST_FILES },
      to: { circular: true },
    },
    {
      name: 'no-test-code-in-production',
      comment: 'Tests, test support, fixtures and benches never ship: what production code needs of them belongs in the package\'s own source.',
      severity: 'error',
      from: { path: '^packages/[^/]+/src/', pathNot: TEST_FILES },
      to: { path: TEST_CODE },
    },
    // The rooms of docs/architecture.md, read from its table.
    ...roomRules(rooms(), TEST_FILES),
    {
      name: 'no-ui-into-rooms-above',
      comment: 'src/ui/ holds the pieces the map and the screens share, so it uses neither of them nor the app around them.',
      severity: 'error',
      from: { path: '^packages/ui-react/src/ui/' },
      to: { path: '^packages/ui-react/src/(map|screens|app)/' },
    },
    {
      name: 'no-unresolvable-import',
      comment: 'An import that does not resolve is a missing dependency or a typo.',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true, pathNot: '^@gportal/' },
    },
  ],

  allowedSeverity: 'error',
  allowed: [
    // Every package, its own files; root configs, each other; package configs, the shared vitest settings.
    { from: { path: '^(packages/[^/]+|examples|tests|scripts|bench)/' }, to: { path: '^$1/' } },
    { from: { path: '^[^/]+$' }, to: { path: '^[^/]+$' } },
    { from: { path: TEST_FILES }, to: { path: '^vitest[.]shared[.]ts$' } },
    { from: { path: TEST_FILES }, to: { path: SHARED_SCRIPTS } },
    // Each package: its named libraries (tests included); in production code only the public entries it may use.
    ...WORKSPACES.flatMap((workspace) => [
      ...(LIBRARIES[workspace].length > 0 ? [{ from: { path: `^${folderOf(workspace)}/` }, to: { path: npm(LIBRARIES[workspace]) } }] : []),
      ...(PUBLIC_ENTRIES[workspace] ? [{ from: production(workspace), to: entries(PUBLIC_ENTRIES[workspace]) }] : []),
    ]),
    // Each package's own test libraries, in its tests and test support only.
    ...Object.entries(PACKAGE_TEST_LIBRARIES).map(([workspace, names]) => ({
      from: { path: `^${folderOf(workspace)}/(?:test/|.*/test-support/|.*[.](?:test|bench)[.]tsx?$)` },
      to: { path: npm(names) },
    })),
    // Type declarations of type-only packages (`import type { Feature } from 'geojson'`): no code is loaded.
    { from: {}, to: { path: '(^|/)node_modules/@types/', dependencyTypes: ['type-only'] } },
    // The core's contract suites are vitest suites and its geometry arbitraries fast-check ones: both are the core's optional peer dependencies.
    { from: { path: '^packages/core/src/contracts/' }, to: { path: npm(['vitest', 'fast-check']) } },
    // Tests and the like: the test libraries, Node built-ins and every public entry.
    { from: { path: TEST_FILES }, to: { path: npm(TEST_LIBRARIES) } },
    { from: { path: '^bench/' }, to: { path: npm(BENCH_LIBRARIES) } },
    { from: { path: TEST_FILES }, to: { dependencyTypes: ['core'] } },
    { from: { path: TEST_FILES }, to: entries(Object.values(ENTRIES)) },
  ],

  options: {
    doNotFollow: { path: 'node_modules' },
    // Only our own build output: a library's `node_modules/x/dist/` must stay in view.
    exclude: { path: '^(packages/[^/]+/dist|test-output|coverage)/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      // Workspace packages resolve to their sources, as in vitest and vite; only "exports" entries resolve.
      exportsFields: ['exports'],
      conditionNames: ['gportal:source', 'import', 'require', 'node', 'default'],
    },
  },
};
