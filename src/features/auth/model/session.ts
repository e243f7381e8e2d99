import type { User } from 'firebase/auth';

/** The signed-in session: the ID token the backend sees, and when it stops being valid (epoch ms). */
export interface Session {
  idToken: string;
  expiresAt: number;
}

export interface AuthState {
  /** Firebase's user (uid, email); null for visitors. */
  user: User | null;
  session: Session | null;
  /** True until the first auth state event has been handled. */
  loading: boolean;
  signOut: () => Promise<void>;
}
