/**
 * Who is calling. The emulators accept the Auth emulator's and rules-unit-testing's unsigned JWTs
 * (alg "none") without verifying them, as the official emulators do, and treat the literal token
 * "owner" as the admin bypass that skips security rules.
 */
export interface CallerAuth {
  uid: string;
  /** Every decoded claim of the ID token: email, email_verified, firebase.sign_in_provider, custom claims… */
  token: Record<string, unknown>;
}

export type Caller = { kind: 'owner' } | { kind: 'user'; auth: CallerAuth } | { kind: 'anonymous' };

export interface AuthorizationOptions {
  /** Also accept "Firebase <token>", the scheme the Storage web SDK sends. */
  firebaseScheme?: boolean;
}

/**
 * The one reading of a token into a caller, for every transport of both emulators: an `Authorization` value
 * ("Bearer <jwt>" or "Bearer owner"; absent → anonymous). A malformed one is refused through `refuse`, which
 * builds the emulator's own "unauthenticated" error from the reason.
 */
export function callerFromAuthorization(
  header: string | Buffer | undefined | null,
  refuse: (reason: string) => Error,
  options: AuthorizationOptions = {},
): Caller {
  let value = typeof header === 'string' || header == null ? header : header.toString();
  if (!value) return { kind: 'anonymous' };
  if (options.firebaseScheme) value = value.replace(/^Firebase\s+/i, 'Bearer ');
  const match = /^Bearer\s+(.+)$/i.exec(value.trim());
  if (!match) throw refuse('Authorization header must be "Bearer <token>"');
  const token = match[1].trim();
  if (token === 'owner') return { kind: 'owner' };
  return { kind: 'user', auth: decodeIdToken(token, refuse) };
}

function decodeIdToken(jwt: string, refuse: (reason: string) => Error): CallerAuth {
  const parts = jwt.split('.');
  if (parts.length < 2) throw refuse('ID token is not a JWT');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw refuse('ID token payload is not valid base64url JSON');
  }
  if (typeof claims !== 'object' || claims === null) throw refuse('ID token payload is not an object');
  const uid = (claims.user_id ?? claims.sub ?? claims.uid) as unknown;
  if (typeof uid !== 'string' || uid === '') throw refuse('ID token has no "sub" or "user_id" claim');
  return { uid, token: claims };
}
