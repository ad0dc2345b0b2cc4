/** The WMTS URL helper of `@gportal/adapters-geoserver`, imported on demand through this module so its chunk holds only what the base map calls. */
export { wmtsTileLayer } from '@gportal/adapters-geoserver';
