import { Heading, Stack, Table, Text } from '@chakra-ui/react';
import { useTexts } from '../../i18n/texts';
import { ErrorNote } from '../../lib/error-note';
import { dataOf, failureOf } from '../../lib/loadable';
import { useLive } from '../../lib/use-live';
import type { AuthApi } from './api';
import { authTexts } from './texts';

/**
 * The codes the Auth emulator made for phone numbers (it sends no SMS): the shop's order dialog asks a
 * customer for one before a first cash order, and the developer reads it here.
 */
export function PhoneCodes({ api }: { api: AuthApi }) {
  const t = useTexts(authTexts);
  const [codes] = useLive(() => api.phoneCodes(), 'phone-codes', 2000);
  const list = dataOf(codes);
  return (
    <Stack gap="2">
      <Heading size="md">{t.phoneCodes}</Heading>
      <Text color="gray.500" fontSize="sm">
        {t.phoneCodesHint}
      </Text>
      <ErrorNote message={failureOf(codes)} />
      {list && list.length > 0 && (
        <Table.Root size="sm" variant="outline" data-testid="phone-codes">
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader>{t.phoneNumber}</Table.ColumnHeader>
              <Table.ColumnHeader>{t.code}</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {list.map((entry, index) => (
              <Table.Row key={`${entry.phoneNumber}-${index}`} data-phone={entry.phoneNumber}>
                <Table.Cell fontFamily="mono">{entry.phoneNumber}</Table.Cell>
                <Table.Cell fontFamily="mono" fontWeight="bold">
                  {entry.code}
                </Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      )}
      {list?.length === 0 && <Text color="gray.500">{t.noPhoneCodes}</Text>}
    </Stack>
  );
}
