import { Button, Card, Center, HStack, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { adminTexts } from './texts';
import { LockIcon } from '@/components/ui/admin-icons';

const t = adminTexts.access;

/** What a signed-in customer (or a visitor, who is also offered the login page) sees on /admin. */
export function AccessDeniedCard({ signedIn }: { signedIn: boolean }) {
  return (
    <Center py={{ base: '10', md: '20' }} px="4">
      <Card.Root role="alert" maxWidth="md" width="full" textAlign="center" borderColor="red.muted">
        <Card.Body gap="3" alignItems="center">
          <LockIcon boxSize="10" color="red.fg" />
          <Card.Title color="red.fg" fontSize="xl">
            {t.deniedTitle}
          </Card.Title>
          <Card.Description>{t.deniedText}</Card.Description>
          <Text fontSize="sm" color="fg.muted">
            {t.contactAdmin}
          </Text>
          <HStack mt="2" gap="3" wrap="wrap" justify="center">
            {!signedIn && (
              <Button asChild colorPalette="brand">
                <RouterLink to="/auth">{t.login}</RouterLink>
              </Button>
            )}
            <Button asChild variant="outline">
              <RouterLink to="/">{t.backHome}</RouterLink>
            </Button>
          </HStack>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
