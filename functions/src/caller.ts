/**
 * Who called a callable, as far as these functions care: the verified uid, the token's e-mail, whether Firebase
 * Auth has seen that e-mail verified, and the phone number it verified by a code (`phone_number`, E.164), if
 * the account has one linked.
 */
export interface Caller {
  uid: string;
  token: { email?: string; email_verified?: boolean; phone_number?: string };
}

/**
 * The caller of a request, or null when it is not signed in. A token that decodes without a uid (or with an
 * empty one) is nobody: treating it as a caller would write orders for user "" or end in a server fault.
 */
export function signedInCaller(auth: unknown): Caller | null {
  if (typeof auth !== 'object' || auth === null) return null;
  const { uid, token } = auth as { uid?: unknown; token?: unknown };
  if (typeof uid !== 'string' || uid === '') return null;
  const claims = token as
    { email?: unknown; email_verified?: unknown; phone_number?: unknown } | null | undefined;
  const email = claims?.email;
  const phone = claims?.phone_number;
  return {
    uid,
    token: {
      ...(typeof email === 'string' && { email }),
      ...(claims?.email_verified === true && { email_verified: true }),
      ...(typeof phone === 'string' && { phone_number: phone }),
    },
  };
}
