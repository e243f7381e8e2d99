/**
 * Failures of storage operations, each carrying the HTTP status both APIs answer with. The Firebase SDK maps
 * 403 → storage/unauthorized, 404 → storage/object-not-found; @google-cloud/storage reads `error.code`.
 */
export type StorageErrorReason =
  | 'badRequest'
  | 'unauthenticated'
  | 'forbidden'
  | 'notFound'
  | 'conflict'
  | 'tooLarge'
  | 'rangeNotSatisfiable'
  | 'methodNotAllowed'
  | 'internal';

const STATUS: Record<StorageErrorReason, number> = {
  badRequest: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  methodNotAllowed: 405,
  conflict: 409,
  tooLarge: 413,
  rangeNotSatisfiable: 416,
  internal: 500,
};

export class StorageError extends Error {
  readonly status: number;
  constructor(
    readonly reason: StorageErrorReason,
    message: string,
  ) {
    super(message);
    this.name = 'StorageError';
    this.status = STATUS[reason];
  }
}

export const badRequest = (message: string) => new StorageError('badRequest', message);
export const objectNotFound = (bucket: string, name: string) =>
  new StorageError('notFound', `Not Found. Could not find object "${name}" in bucket "${bucket}".`);
export const permissionDenied = (detail: string) =>
  new StorageError('forbidden', `Permission denied. ${detail}`);
export const uploadTooLarge = (size: number, max: number) =>
  new StorageError('tooLarge', `Upload of ${size} bytes exceeds the emulator's maximum of ${max} bytes.`);

/** The `{"error":{"code","message"}}` body both APIs use; GCS clients also read `errors[].reason`. */
export function errorBody(error: StorageError): {
  error: { code: number; message: string; errors: { message: string; domain: string; reason: string }[] };
} {
  return {
    error: {
      code: error.status,
      message: error.message,
      errors: [{ message: error.message, domain: 'global', reason: error.reason }],
    },
  };
}
