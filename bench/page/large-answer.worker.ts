/** The large part's GetFeature answer worker: the app's (`src/app/wfs-answer.worker.ts`), the adapter's readers off the main thread. */
import { serveAnswerRequests, type AnswerWorkerScope } from '@gportal/adapters-geoserver';

serveAnswerRequests(self as unknown as AnswerWorkerScope);
