import { Box, Flex } from '@chakra-ui/react';
import { useState } from 'react';
import { Outlet } from 'react-router-dom';
import { PrerenderedMarkup } from '@/components/ui/prerendered-markup';
import type { StorefrontSearch } from './search-context';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useScrollOnNavigate } from './use-scroll-on-navigate';

export function RootLayout() {
  const [searchTerm, setSearchTerm] = useState('');
  useScrollOnNavigate();
  const search: StorefrontSearch = { searchTerm, setSearchTerm };

  return (
    <Flex direction="column" minHeight="100dvh">
      <SiteHeader searchTerm={searchTerm} onSearchChange={setSearchTerm} />
      {/* At least a screen tall: the footer starts below the first screen, so a page whose content arrives
          later (a shopper's orders, the product grid) grows without shifting what is already on screen. */}
      <Box as="main" flex="1" minHeight="100dvh">
        <Outlet context={search} />
      </Box>
      {/* Text and plain links: taken over from the prerendered page as it is, not hydrated. */}
      <PrerenderedMarkup>
        <SiteFooter />
      </PrerenderedMarkup>
    </Flex>
  );
}
