import {
  Badge,
  Box,
  Button,
  Container,
  Flex,
  HStack,
  IconButton,
  Input,
  InputGroup,
  Link,
  Stack,
  Text,
} from '@chakra-ui/react';
import { useState } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router-dom';
import { CartIcon, MenuIcon, SearchIcon } from '@/components/ui/icons';
import { notifyError } from '@/components/ui/toaster';
import { shop } from '@/config/shop';
import { useAuth, useIsAdmin } from '@/features/auth';
import { countInProgress, useMyOrders } from '@/features/my-orders';
import { sharedTexts } from '@/i18n/texts';
import { layoutTexts } from './texts';
import { formatNumberBn } from '@/lib/format';

const t = layoutTexts;

interface SiteHeaderProps {
  searchTerm: string;
  onSearchChange: (term: string) => void;
}

const navLinks = [
  { to: '/', label: t.nav.home },
  { to: '/#products', label: t.nav.products },
  { to: '/#about', label: t.nav.about },
  { to: '/#contact', label: t.nav.contact },
];

/** Sticky header: logo, nav, product search, the in-progress orders badge, and the account corner. */
export function SiteHeader({ searchTerm, onSearchChange }: SiteHeaderProps) {
  const { user, signOut } = useAuth();
  const admin = useIsAdmin();
  const orders = useMyOrders(user?.uid);
  const inProgress = orders.status === 'loaded' ? countInProgress(orders.data) : 0;
  const navigate = useNavigate();
  const location = useLocation();
  const [searchOpen, setSearchOpen] = useState(searchTerm !== '');
  const [menuOpen, setMenuOpen] = useState(false);

  const links = admin.status === 'allowed' ? [...navLinks, { to: '/admin', label: t.nav.admin }] : navLinks;
  // The admin link may still be added: screen readers (and the browser tests) learn when the links are final.
  const linksPending = admin.status === 'loading';

  const handleSearch = (term: string) => {
    onSearchChange(term);
    // Results live in the products grid on the home page; take the shopper there.
    if (location.pathname !== '/') navigate('/#products');
  };

  const handleSignOut = () => {
    signOut().catch((error: unknown) => notifyError(t.error, t.signOutError, error));
  };

  return (
    <Box
      as="header"
      position="sticky"
      top="0"
      zIndex="sticky"
      bg="bg/95"
      backdropFilter="saturate(180%) blur(8px)"
      borderBottomWidth="1px"
      borderColor="brand.muted"
    >
      <Container maxW="7xl" py="2">
        <Flex alignItems="center" gap={{ base: '1', md: '4' }} minHeight="12">
          <IconButton
            aria-label={t.nav.menu}
            aria-expanded={menuOpen}
            variant="ghost"
            size="sm"
            display={{ base: 'inline-flex', md: 'none' }}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <MenuIcon />
          </IconButton>
          <Link
            asChild
            fontWeight="bold"
            color="brand.fg"
            textStyle={{ base: 'sm', sm: 'md', md: 'xl' }}
            whiteSpace="nowrap"
            // On a 360 px phone the name gives way (ellipsis) before the account buttons are pushed off screen.
            minW="0"
            flexShrink="1"
            display="block"
            overflow="hidden"
            textOverflow="ellipsis"
            _hover={{ textDecoration: 'none' }}
          >
            <RouterLink to="/">
              <Text as="span" aria-hidden="true" color="leaf.fg" display={{ base: 'none', sm: 'inline' }}>
                ●
              </Text>
              {shop.name}
            </RouterLink>
          </Link>
          <HStack
            as="nav"
            aria-label={t.nav.menu}
            aria-busy={linksPending}
            gap="5"
            ml="6"
            display={{ base: 'none', md: 'flex' }}
          >
            {links.map((link) => (
              <Link key={link.to} asChild color="fg" fontWeight="medium" _hover={{ color: 'brand.fg' }}>
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
          </HStack>
          <HStack gap={{ base: '0', md: '2' }} ml="auto" flexShrink="0">
            <IconButton
              aria-label={t.header.search}
              aria-expanded={searchOpen}
              variant="ghost"
              size="sm"
              onClick={() => setSearchOpen((open) => !open)}
            >
              <SearchIcon />
            </IconButton>
            <Box position="relative">
              <IconButton
                asChild
                aria-label={t.header.cartCount(formatNumberBn(inProgress))}
                variant="ghost"
                size="sm"
              >
                <RouterLink to="/orders">
                  <CartIcon />
                </RouterLink>
              </IconButton>
              <Badge
                position="absolute"
                top="-1"
                right="-1"
                colorPalette="brand"
                variant="solid"
                rounded="full"
                size="xs"
                pointerEvents="none"
                data-testid="cart-badge"
                aria-hidden="true"
              >
                {formatNumberBn(inProgress)}
              </Badge>
            </Box>
            {user ? (
              <HStack gap="2" ml="1">
                <Text
                  textStyle="sm"
                  color="fg.muted"
                  maxW={{ base: '0', sm: '40', lg: '60' }}
                  truncate
                  display={{ base: 'none', sm: 'block' }}
                  title={user.email ?? undefined}
                >
                  {user.email}
                </Text>
                <Button
                  size={{ base: 'xs', sm: 'sm' }}
                  variant="outline"
                  colorPalette="brand"
                  onClick={handleSignOut}
                >
                  {t.header.logout}
                </Button>
              </HStack>
            ) : (
              <Button asChild size={{ base: 'xs', sm: 'sm' }} colorPalette="brand" ml="1">
                <RouterLink to="/auth">{sharedTexts.login}</RouterLink>
              </Button>
            )}
          </HStack>
        </Flex>
        {menuOpen && (
          <Stack
            as="nav"
            aria-label={t.nav.menu}
            aria-busy={linksPending}
            gap="1"
            py="2"
            display={{ base: 'flex', md: 'none' }}
          >
            {links.map((link) => (
              <Link key={link.to} asChild py="2" fontWeight="medium" onClick={() => setMenuOpen(false)}>
                <RouterLink to={link.to}>{link.label}</RouterLink>
              </Link>
            ))}
            {user && (
              <Text textStyle="sm" color="fg.muted" pt="1" truncate>
                {user.email}
              </Text>
            )}
          </Stack>
        )}
        {searchOpen && (
          <Box py="2">
            <InputGroup startElement={<SearchIcon boxSize="4" color="fg.muted" />}>
              <Input
                type="search"
                autoFocus
                aria-label={t.header.search}
                placeholder={t.header.searchPlaceholder}
                value={searchTerm}
                onChange={(event) => handleSearch(event.target.value)}
              />
            </InputGroup>
          </Box>
        )}
      </Container>
    </Box>
  );
}
