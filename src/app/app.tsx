import type { SystemContext } from '@chakra-ui/react';
import { useState } from 'react';
import { RouterProvider } from 'react-router-dom';
import { AppProvider } from './provider';
import { createRouter } from './router';

/** The shop in the browser, with its Chakra system (built by the entry: src/main.tsx). */
export function App({ system }: { system: SystemContext }) {
  const [router] = useState(createRouter);
  return (
    <AppProvider system={system}>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
