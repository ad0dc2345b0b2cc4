/** One file of an upload; bytes so the core stays free of DOM types. */
export interface UploadFile {
  name: string;
  type?: string;
  content: Uint8Array;
}

/** A nested field value: posted as `key[i].sub` / `key[i]` form fields. */
export type UploadFieldValue = string | number | boolean | UploadFieldValue[] | { [key: string]: UploadFieldValue };

/** Files (posted as `file0..n`) plus fields such as `id`, `name` and a nested list (spec section 7). */
export interface UploadRequest {
  files: UploadFile[];
  fields: Record<string, UploadFieldValue>;
}

/** How much of an upload's body has been sent, in bytes. */
export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Options of {@link FileUpload.upload}. */
export interface UploadOptions {
  /** Told as the body goes out (at least once, when all of it is sent). */
  onProgress?: (progress: UploadProgress) => void;
}
