import { AUTH_GATEWAY, SESSION_STORE, type AuthGateway, type SessionStore } from '@gportal/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate, useLocation } from 'react-router-dom';
import { PageLoading } from '../screens/layout/page-loading';
import { importInStages } from '../ui/stages';
import { LoginPage } from '../screens/login/login-page';
import type { AppConfig } from '../shell/app-config';
import { APP_CONFIG, PROBLEM_LOG } from '../shell/app-tokens';
import type { ProblemLog } from '../shell/problem-log';
import { MANAGE_MODULES, ROUTES } from '../shell/routes';
import { useService } from '../ui/services';
import { useSession } from '../shell/session-provider';

/** The map screens' stages: Leaflet (React DOM and the UI kit were evaluated with the app; leaflet-draw comes with the first drawing tool). */
const MAP_STAGES = [() => import('../map/leaflet')];

// The signed-in frame and every screen behind it load when first opened (the map screens carry
// Leaflet, evaluated in a task before the screen's own modules); the first screen's sign-in page
// is rendered without this router (`root.tsx`).
const AppLayout = lazy(() => import('../screens/layout/app-layout').then((module) => ({ default: module.AppLayout })));
const IndexDemoPage = lazy(() => import('../screens/index-demo/index-demo-page').then((module) => ({ default: module.IndexDemoPage })));
const ManageLayout = lazy(() => import('../screens/manage/manage-layout').then((module) => ({ default: module.ManageLayout })));
const ManageModulePage = lazy(() => import('../screens/manage/manage-module-page').then((module) => ({ default: module.ManageModulePage })));
const NotFoundPage = lazy(() => import('../screens/layout/not-found-page').then((module) => ({ default: module.NotFoundPage })));
const GeoserverPage = lazy(() => import('../screens/geoserver/geoserver-page').then((module) => ({ default: module.GeoserverPage })));
const UploadTestPage = lazy(() => import('../screens/geoserver/upload-test-page').then((module) => ({ default: module.UploadTestPage })));
const ApiTestPage = lazy(() => import('../screens/geoserver/api-test-page').then((module) => ({ default: module.ApiTestPage })));
const LayerMapPage = lazy(() => importInStages(MAP_STAGES, () => import('../screens/geoserver/layer-map-page')).then((module) => ({ default: module.LayerMapPage })));
const TestMapPage = lazy(() => importInStages(MAP_STAGES, () => import('../screens/test-map/test-map-page')).then((module) => ({ default: module.TestMapPage })));
const FeatureMapPage = lazy(() => importInStages(MAP_STAGES, () => import('../screens/feature-map/feature-map-page')).then((module) => ({ default: module.FeatureMapPage })));

/** A lazily loaded child shows its own loading state, so its container (tabs) stays on screen. */
function Suspended({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}

/** The sign-in page inside the app (after signing out, or sent there from a screen): back to the page asked for once signed in. */
function LoginRoute() {
  const config = useService<AppConfig>(APP_CONFIG);
  const { session, signedIn } = useSession();
  const asked = (useLocation().state as { from?: unknown } | null)?.from;
  const auth = useService<AuthGateway>(AUTH_GATEWAY);
  const sessionStore = useService<SessionStore>(SESSION_STORE);
  const problems = useService<ProblemLog>(PROBLEM_LOG);
  // The spec's landing route when no page was asked for.
  if (session) return <Navigate to={typeof asked === 'string' && asked !== '/' && asked !== ROUTES.login ? asked : config.landingRoute} replace />;
  return <LoginPage config={config} problems={problems} auth={auth} sessionStore={sessionStore} onSignedIn={signedIn} />;
}

function LandingRedirect() {
  return <Navigate to={useService<AppConfig>(APP_CONFIG).landingRoute} replace />;
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: ROUTES.login, element: <LoginRoute /> },
    {
      path: '/',
      element: <AppLayout />,
      children: [
        { index: true, element: <LandingRedirect /> },
        { path: ROUTES.testIndex, element: <IndexDemoPage /> },
        {
          path: ROUTES.manage,
          element: <ManageLayout />,
          children: [
            { index: true, element: <Navigate to={ROUTES.manageModule(MANAGE_MODULES[0])} replace /> },
            { path: ':n', element: <ManageModulePage /> },
          ],
        },
        {
          path: ROUTES.geoserver,
          element: <GeoserverPage />,
          children: [
            { index: true, element: <Navigate to={ROUTES.geoserverApi} replace /> },
            { path: ROUTES.geoserverUpload, element: <Suspended page={<UploadTestPage />} /> },
            { path: ROUTES.geoserverApi, element: <Suspended page={<ApiTestPage />} /> },
            { path: ROUTES.geoserverMap, element: <Suspended page={<LayerMapPage />} /> },
          ],
        },
        { path: ROUTES.testMap, element: <TestMapPage /> },
        { path: ROUTES.featureMap, element: <FeatureMapPage /> },
        { path: '*', element: <NotFoundPage /> },
      ],
    },
  ]);
}
