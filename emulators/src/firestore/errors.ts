import { RequestError } from '../shared/http/request.js';

/** gRPC status codes the Firestore SDKs map to their error codes. */
export const GrpcCode = {
  OK: 0,
  CANCELLED: 1,
  UNKNOWN: 2,
  INVALID_ARGUMENT: 3,
  DEADLINE_EXCEEDED: 4,
  NOT_FOUND: 5,
  ALREADY_EXISTS: 6,
  PERMISSION_DENIED: 7,
  RESOURCE_EXHAUSTED: 8,
  FAILED_PRECONDITION: 9,
  ABORTED: 10,
  OUT_OF_RANGE: 11,
  UNIMPLEMENTED: 12,
  INTERNAL: 13,
  UNAVAILABLE: 14,
  DATA_LOSS: 15,
  UNAUTHENTICATED: 16,
} as const;

export type GrpcStatusName = keyof typeof GrpcCode;

/** The HTTP status Google APIs use for each gRPC code (REST error bodies carry both). */
const httpStatusOf: Record<GrpcStatusName, number> = {
  OK: 200,
  CANCELLED: 499,
  UNKNOWN: 500,
  INVALID_ARGUMENT: 400,
  DEADLINE_EXCEEDED: 504,
  NOT_FOUND: 404,
  ALREADY_EXISTS: 409,
  PERMISSION_DENIED: 403,
  RESOURCE_EXHAUSTED: 429,
  FAILED_PRECONDITION: 400,
  ABORTED: 409,
  OUT_OF_RANGE: 400,
  UNIMPLEMENTED: 501,
  INTERNAL: 500,
  UNAVAILABLE: 503,
  DATA_LOSS: 500,
  UNAUTHENTICATED: 401,
};

export class FirestoreError extends Error {
  constructor(
    readonly status: GrpcStatusName,
    message: string,
  ) {
    super(message);
    this.name = 'FirestoreError';
  }

  get code(): number {
    return GrpcCode[this.status];
  }

  get httpStatus(): number {
    return httpStatusOf[this.status];
  }

  /** The `google.rpc.Status`-shaped body used by REST and WebChannel. */
  toJson(): { error: { code: number; message: string; status: GrpcStatusName } } {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } };
  }
}

export const invalidArgument = (message: string) => new FirestoreError('INVALID_ARGUMENT', message);
export const notFound = (message: string) => new FirestoreError('NOT_FOUND', message);
export const alreadyExists = (message: string) => new FirestoreError('ALREADY_EXISTS', message);
export const failedPrecondition = (message: string) => new FirestoreError('FAILED_PRECONDITION', message);
export const permissionDenied = (message: string) => new FirestoreError('PERMISSION_DENIED', message);
export const aborted = (message: string) => new FirestoreError('ABORTED', message);
export const unauthenticated = (message: string) => new FirestoreError('UNAUTHENTICATED', message);

/**
 * Anything thrown inside the engine or while reading a request becomes a FirestoreError (a request the shared
 * HTTP layer refused, in Firestore's words); unexpected ones are INTERNAL.
 */
export function asFirestoreError(error: unknown): FirestoreError {
  if (error instanceof FirestoreError) return error;
  if (error instanceof RequestError) return requestFailure(error);
  const message = error instanceof Error ? error.message : String(error);
  return new FirestoreError('INTERNAL', message);
}

function requestFailure(error: RequestError): FirestoreError {
  const { failure } = error;
  switch (failure.kind) {
    case 'tooLarge':
      return new FirestoreError('INVALID_ARGUMENT', `Request body exceeds ${failure.limit} bytes`);
    case 'badUrl':
      return invalidArgument(error.message);
    case 'aborted':
      // Nobody reads this answer; CANCELLED is what gRPC calls a call its client gave up.
      return new FirestoreError('CANCELLED', error.message);
  }
}
