/**
 * The worker that reads GetFeature answers in map-server mode (GML and GeoJSON), off the main
 * thread: the adapter's readers, handing positions back in transferred typed arrays.
 */
import { serveAnswerRequests, type AnswerWorkerScope } from '@gportal/adapters-geoserver';

serveAnswerRequests(self as unknown as AnswerWorkerScope);
