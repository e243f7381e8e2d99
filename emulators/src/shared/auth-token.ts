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

export class InvalidTokenError extends Error {}

/** Reads an `Authorization` header value ("Bearer <jwt>" or "Bearer owner"); absent → anonymous. */
export function callerFromAuthorization(header: string | undefined | null): Caller {
  if (!header) return { kind: 'anonymous' };
  const match = /^Bearer\s+(.+)$/i.exec(header.trim());
  if (!match) throw new InvalidTokenError('Authorization header must be "Bearer <token>"');
  const token = match[1].trim();
  if (token === 'owner') return { kind: 'owner' };
  return { kind: 'user', auth: decodeIdToken(token) };
}

export function decodeIdToken(jwt: string): CallerAuth {
  const parts = jwt.split('.');
  if (parts.length < 2) throw new InvalidTokenError('ID token is not a JWT');
  let claims: Record<string, unknown>;
  try {
    claims = JSON.parse(Buffer.from(parts[1], 'base64url').toString('utf8')) as Record<string, unknown>;
  } catch {
    throw new InvalidTokenError('ID token payload is not valid base64url JSON');
  }
  if (typeof claims !== 'object' || claims === null)
    throw new InvalidTokenError('ID token payload is not an object');
  const uid = (claims.user_id ?? claims.sub ?? claims.uid) as unknown;
  if (typeof uid !== 'string' || uid === '')
    throw new InvalidTokenError('ID token has no "sub" or "user_id" claim');
  return { uid, token: claims };
}
