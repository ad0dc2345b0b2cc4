import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter, Navigate } from 'react-router-dom';
import { IndexDemoPage } from '../screens/index-demo/index-demo-page';
import { AppLayout } from '../screens/layout/app-layout';
import { NotFoundPage } from '../screens/layout/not-found-page';
import { PageLoading } from '../screens/layout/page-loading';
import { LoginPage } from '../screens/login/login-page';
import { ManageLayout } from '../screens/manage/manage-layout';
import { ManageModulePage } from '../screens/manage/manage-module-page';
import type { AppConfig } from './app-config';
import { APP_CONFIG } from './app-tokens';
import { MANAGE_MODULES, ROUTES } from './routes';
import { useService } from './services';

// The map screens are split from the first screen's JavaScript: they will carry Leaflet.
const GeoserverPage = lazy(() => import('../screens/geoserver/geoserver-page').then((module) => ({ default: module.GeoserverPage })));
const UploadTestPage = lazy(() => import('../screens/geoserver/upload-test-page').then((module) => ({ default: module.UploadTestPage })));
const ApiTestPage = lazy(() => import('../screens/geoserver/api-test-page').then((module) => ({ default: module.ApiTestPage })));
const LayerMapPage = lazy(() => import('../screens/geoserver/layer-map-page').then((module) => ({ default: module.LayerMapPage })));
const TestMapPage = lazy(() => import('../screens/test-map/test-map-page').then((module) => ({ default: module.TestMapPage })));
const FeatureMapPage = lazy(() => import('../screens/feature-map/feature-map-page').then((module) => ({ default: module.FeatureMapPage })));

/** A lazily loaded child shows its own loading state, so its container (tabs) stays on screen. */
function Suspended({ page }: { page: ReactNode }) {
  return <Suspense fallback={<PageLoading />}>{page}</Suspense>;
}

function LandingRedirect() {
  return <Navigate to={useService<AppConfig>(APP_CONFIG).landingRoute} replace />;
}

export function createAppRouter() {
  return createBrowserRouter([
    { path: ROUTES.login, element: <LoginPage /> },
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
