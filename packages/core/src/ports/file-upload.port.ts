import type { PortalResult } from '../domain/auth.js';
import type { UploadOptions, UploadRequest } from '../domain/upload.js';

/** Posts files plus fields (spec section 7: `/common/PostData`). */
export interface FileUpload {
  upload(request: UploadRequest, options?: UploadOptions): Promise<PortalResult>;
}
export const FILE_UPLOAD = Symbol.for('gportal.FileUpload');
