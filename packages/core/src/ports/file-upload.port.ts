import type { PortalResult } from '../domain/auth.js';
import type { UploadOptions, UploadRequest } from '../domain/upload.js';

/** Posts files plus fields (spec section 7: `/common/PostData`). */
export interface FileUpload {
  /** Sends the files and fields; `options.onProgress` hears how much of the body went out. */
  upload(request: UploadRequest, options?: UploadOptions): Promise<PortalResult>;
}
/** The inversify token of {@link FileUpload}. */
export const FILE_UPLOAD = Symbol.for('gportal.FileUpload');
