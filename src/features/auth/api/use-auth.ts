import { useContext } from 'react';
import { AuthContext } from '../components/auth-context';
import type { AuthState } from '../model/session';

export function useAuth(): AuthState {
  const context = useContext(AuthContext);
  if (context === undefined) throw new Error('useAuth must be used within an AuthProvider');
  return context;
}
