import { Box, Container, Heading, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { ExternalLink } from '@/components/ui/external-link';
import { shop } from '@/config/shop';
import { layoutTexts } from './texts';

const t = layoutTexts;

function FooterHeading({ children }: { children: React.ReactNode }) {
  return (
    <Heading as="h2" size="md" color="brand.200" mb="3">
      {children}
    </Heading>
  );
}

export function SiteFooter() {
  return (
    <Box
      as="footer"
      bg="brand.950"
      color="brand.50"
      pt="12"
      pb="6"
      css={{ contentVisibility: 'auto', containIntrinsicHeight: 'auto 600px' }}
    >
      <Container maxW="7xl">
        <SimpleGrid columns={{ base: 1, sm: 2, lg: 4 }} gap="8">
          <Box id="about">
            <FooterHeading>{t.footer.aboutTitle}</FooterHeading>
            <Text textStyle="sm" color="brand.100">
              {t.footer.aboutText}
            </Text>
          </Box>
          <Box as="nav" aria-label={t.footer.quickLinks}>
            <FooterHeading>{t.footer.quickLinks}</FooterHeading>
            <Stack gap="2" textStyle="sm">
              <Link asChild color="brand.100">
                <RouterLink to="/">{t.nav.home}</RouterLink>
              </Link>
              <Link asChild color="brand.100">
                <RouterLink to="/#products">{t.nav.products}</RouterLink>
              </Link>
              <Link asChild color="brand.100">
                <RouterLink to="/orders">{t.nav.myOrders}</RouterLink>
              </Link>
              <Link asChild color="brand.100">
                <RouterLink to="/#contact">{t.nav.contact}</RouterLink>
              </Link>
            </Stack>
          </Box>
          <Box>
            <FooterHeading>{t.footer.pickleTypes}</FooterHeading>
            <Stack as="ul" gap="2" textStyle="sm" color="brand.100" listStyleType="none">
              {t.footer.types.map((type) => (
                <li key={type}>{type}</li>
              ))}
            </Stack>
          </Box>
          <Box id="contact" as="address" fontStyle="normal">
            <FooterHeading>{t.footer.contactTitle}</FooterHeading>
            <Stack gap="1.5" textStyle="sm" color="brand.100">
              <Text fontWeight="semibold" color="brand.50">
                {shop.name}
              </Text>
              <Text>
                {t.footer.proprietor}: {shop.proprietor}
              </Text>
              <Text>{shop.address}</Text>
              <Text>
                {t.footer.phone}:{' '}
                <Link href={shop.phoneHref} color="brand.100">
                  {shop.phone}
                </Link>
              </Text>
              <Text>
                {t.footer.email}:{' '}
                <Link href={`mailto:${shop.email}`} color="brand.100" wordBreak="break-all">
                  {shop.email}
                </Link>
              </Text>
              <Text>
                {t.footer.website}:{' '}
                <ExternalLink href={shop.website} color="brand.100">
                  {shop.websiteLabel}
                </ExternalLink>
              </Text>
              <Text>
                {t.footer.social}:{' '}
                <ExternalLink href={shop.social.href} color="brand.100">
                  {shop.social.label}
                </ExternalLink>
              </Text>
            </Stack>
          </Box>
        </SimpleGrid>
        <Text
          textAlign="center"
          textStyle="xs"
          color="brand.200"
          mt="10"
          pt="6"
          borderTopWidth="1px"
          borderColor="brand.800"
        >
          {t.footer.copyright(shop.name)}
        </Text>
      </Container>
    </Box>
  );
}
