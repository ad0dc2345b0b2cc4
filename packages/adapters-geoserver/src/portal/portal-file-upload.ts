import type { FileUpload, PortalResult, UploadOptions, UploadRequest } from '@gportal/core';
import type { HttpClient } from '../http/index.js';
import { callPortal } from './portal-client.js';
import { PORTAL_ENDPOINTS, PORTAL_MESSAGES } from './portal-endpoints.js';
import { uploadForm } from './upload-form.js';

/** Posts files plus fields to `/common/PostData` as multipart form data. */
export class PortalFileUpload implements FileUpload {
  constructor(private readonly http: HttpClient) {}

  /** `POST /common/PostData` as `multipart/form-data`, reporting progress through `options.onProgress`. */
  async upload(request: UploadRequest, options: UploadOptions = {}): Promise<PortalResult> {
    if (request.files.length === 0) return { isOk: false, msg: PORTAL_MESSAGES.noFiles };
    const { onProgress } = options;
    return callPortal(this.http, PORTAL_ENDPOINTS.upload, uploadForm(request), 'upload', onProgress && ((loaded, total) => onProgress({ loaded, total })));
  }
}
