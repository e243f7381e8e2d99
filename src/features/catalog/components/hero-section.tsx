import { Box, Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { PrerenderedMarkup } from '@/components/ui/prerendered-markup';
import { catalogTexts } from '../texts';

const t = catalogTexts.hero;

/** The banner: headline and two buttons that both take the shopper to the products. */
export function HeroSection() {
  return (
    <Box
      as="section"
      id="home"
      bgGradient="to-br"
      gradientFrom="brand.50"
      gradientVia="brand.100"
      gradientTo="leaf.50"
      py={{ base: '12', md: '24' }}
    >
      <Container maxW="5xl" textAlign="center">
        <Stack gap={{ base: '4', md: '6' }} alignItems="center">
          {/* Text only: taken over from the prerendered page as it is, not hydrated. */}
          <PrerenderedMarkup>
            <Text color="leaf.fg" fontWeight="semibold" textStyle={{ base: 'sm', md: 'md' }}>
              {t.tagline}
            </Text>
            <Heading as="h1" size={{ base: '3xl', md: '5xl' }} lineHeight="1.3" color="brand.900">
              {t.headline}
            </Heading>
            <Text textStyle={{ base: 'md', md: 'lg' }} color="fg.muted" maxW="2xl">
              {t.text}
            </Text>
          </PrerenderedMarkup>
          <Stack direction={{ base: 'column', sm: 'row' }} gap="3" width={{ base: 'full', sm: 'auto' }}>
            {/* Links to the products: they work before the app's code has loaded (the page scrolls smoothly). */}
            <Button asChild colorPalette="brand" size="lg">
              <a href="#products">{t.buyNow}</a>
            </Button>
            <Button asChild colorPalette="brand" variant="outline" size="lg" bg="bg">
              <a href="#products">{t.seeAll}</a>
            </Button>
          </Stack>
        </Stack>
      </Container>
    </Box>
  );
}
