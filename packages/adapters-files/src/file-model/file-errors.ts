import { GportalError } from '@gportal/core';
import type { FeatureFileFormat } from './file-types.js';

/**
 * A file that cannot be read at all (not the format its name says, a zip without `.shp`, a
 * header cut off), or features that cannot be written in the format asked for. `format` is the
 * format it was read or written as, when known.
 */
export class FeatureFileError extends GportalError {
  readonly kind = 'feature-file';
  constructor(
    readonly format: FeatureFileFormat | undefined,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
  }
}

/** A coordinate system gportal cannot read or write; `crs` names it as the file or the caller did. */
export class UnknownCrsError extends GportalError {
  readonly kind = 'unknown-crs';
  constructor(
    readonly crs: string,
    message?: string,
  ) {
    super(message ?? `The coordinate system ${crs} is not one gportal can transform.`);
  }
}

/** A file over the size limit, refused before it is read. */
export class FileTooLargeError extends GportalError {
  readonly kind = 'file-too-large';
  constructor(
    readonly size: number,
    readonly limit: number,
  ) {
    super(`The file is ${megabytes(size)} MB; files up to ${megabytes(limit)} MB can be read.`);
  }
}

function megabytes(bytes: number): string {
  return (bytes / (1024 * 1024)).toFixed(bytes < 10 * 1024 * 1024 ? 1 : 0);
}
