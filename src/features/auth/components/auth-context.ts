import { createContext } from 'react';
import type { AuthState } from '../model/session';

export const AuthContext = createContext<AuthState | undefined>(undefined);
