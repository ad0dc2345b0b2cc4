import { dataStoreAdminContract, layerAdminContract, styleAdminContract, workspaceAdminContract } from '@gportal/core/contracts';
import { createGeoServerModel, GEOSERVER_URL } from './test-support/geoserver-model.js';
import { mockGeoServer } from './test-support/mock-geoserver.js';
import { createGeoServerAdmin } from './create-geoserver-admin.js';

// One model for the file: the suites use unique names, as against a shared real GeoServer.
const model = createGeoServerModel();
mockGeoServer(...model.handlers);

const admin = () => createGeoServerAdmin({ url: GEOSERVER_URL, username: 'admin', password: 'geoserver' });

workspaceAdminContract('GeoServer REST (msw model)', admin);
dataStoreAdminContract('GeoServer REST (msw model)', admin);
layerAdminContract('GeoServer REST (msw model)', admin);
styleAdminContract('GeoServer REST (msw model)', admin);
