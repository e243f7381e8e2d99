import { Button, Card, Center, Text } from '@chakra-ui/react';
import { Link as RouterLink } from 'react-router-dom';
import { bn } from '@/i18n/bn';
import { LockIcon } from '../ui/admin-icons';

const t = bn.admin.access;

/** What a signed-in customer (or a visitor) sees on /admin. */
export function AccessDeniedCard() {
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
          <Button asChild variant="outline" mt="2">
            <RouterLink to="/">{t.backHome}</RouterLink>
          </Button>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
