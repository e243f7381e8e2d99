import { Button, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { routesTexts } from './texts';

const t = routesTexts;

export function NotFoundRoute() {
  return (
    <Center minHeight="60vh" px="4">
      <Stack alignItems="center" gap="4" textAlign="center">
        <Heading as="h1" size="6xl" color="brand.fg">
          {t.notFoundTitle}
        </Heading>
        <Text textStyle="xl" fontWeight="semibold" lang="en">
          {t.notFoundText}
        </Text>
        <Text color="fg.muted">{t.notFoundHint}</Text>
        <Button asChild colorPalette="brand">
          <RouterLink to="/">{t.backHome}</RouterLink>
        </Button>
      </Stack>
    </Center>
  );
}
