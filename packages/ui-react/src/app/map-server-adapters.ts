/**
 * What the composition root takes of `@gportal/adapters-geoserver`, imported on demand through
 * this module: a dynamic import of the package itself keeps every export of it in the chunk,
 * this one only what the app calls (and what those reach).
 */
export { createWorkerAnswerReader, geoserverModule } from '@gportal/adapters-geoserver';
