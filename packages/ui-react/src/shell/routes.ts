/**
 * The route paths. The spec names only some routes (testIndex, testMap, manageMoudle{n} —
 * the seed's spelling; `manageModule` here); the paths are ours.
 */
export const ROUTES = {
  login: '/login',
  testIndex: '/test-index',
  manage: '/manage',
  manageModule: (n: number) => `/manage/${n}`,
  geoserver: '/geoserver',
  geoserverUpload: '/geoserver/upload',
  geoserverApi: '/geoserver/api',
  geoserverMap: '/geoserver/map',
  testMap: '/test-map',
  featureMap: '/feature-map',
} as const;

/** The children of the management container offered in its navigation. */
export const MANAGE_MODULES = [1, 2, 3] as const;
