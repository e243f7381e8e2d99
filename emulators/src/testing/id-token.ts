/** An unsigned emulator ID token (alg "none"), as the Auth emulator and rules-unit-testing produce. */
export function mockIdToken(uid: string, claims: Record<string, unknown> = {}): string {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode({ sub: uid, user_id: uid, ...claims })}.`;
}
