import { ChakraProvider } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { Toaster } from '@/components/ui/toaster';
import { AuthProvider } from '@/features/auth';
import { system } from './theme';

/** Everything every page needs around it: the theme, the signed-in user, and the toaster. */
export function AppProvider({ children }: { children: ReactNode }) {
  return (
    <ChakraProvider value={system}>
      <AuthProvider>
        {children}
        <Toaster />
      </AuthProvider>
    </ChakraProvider>
  );
}
