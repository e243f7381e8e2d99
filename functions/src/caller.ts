/** Who called a callable, as far as these functions care: the verified uid and the token's e-mail. */
export interface Caller {
  uid: string;
  token: { email?: string };
}
