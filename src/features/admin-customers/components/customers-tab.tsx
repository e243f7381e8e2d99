import { useMemo, useState } from 'react';
import { Alert, Card, Grid, Input, Link, SimpleGrid, Stack, Text } from '@chakra-ui/react';
import { EmptyNote } from '@/components/ui/empty-note';
import { PageSpinner } from '@/components/ui/page-spinner';
import { bn } from '@/i18n/bn';
import { formatDateTime, formatNumberBn, formatRelativeTime, formatTaka } from '@/lib/format';
import { deriveCustomers, searchCustomers, type Customer, type CustomerOrder } from '../model/customers';

const t = bn.admin.customers;

export interface CustomersTabProps {
  orders: readonly CustomerOrder[];
  loading: boolean;
  /** The order list could not be loaded: say so rather than show "no customers yet". */
  failed: boolean;
}

function CustomerCard({ customer }: { customer: Customer }) {
  return (
    <Card.Root as="article" aria-label={customer.name} variant="outline" size="sm">
      <Card.Body gap="2">
        <Card.Title fontSize="md">{customer.name}</Card.Title>
        <Grid templateColumns="auto 1fr" columnGap="3" rowGap="1" fontSize="sm" alignItems="baseline">
          <Text color="fg.muted">{t.columns.phone}</Text>
          <Link href={`tel:${customer.phone}`} color="brand.fg" fontVariantNumeric="tabular-nums">
            {customer.phone}
          </Link>
          <Text color="fg.muted">{t.columns.email}</Text>
          <Text overflowWrap="anywhere">{customer.email ?? '—'}</Text>
          <Text color="fg.muted">{t.columns.orders}</Text>
          <Text>{t.ordersCount(formatNumberBn(customer.orderCount))}</Text>
          <Text color="fg.muted">{t.columns.spent}</Text>
          <Text fontWeight="bold" color="brand.fg" title={t.spentHint}>
            {formatTaka(customer.totalSpent)}
          </Text>
          <Text color="fg.muted">{t.columns.lastOrder}</Text>
          {customer.lastOrderAt ? (
            <Text as="time" title={formatDateTime(customer.lastOrderAt)}>
              {formatRelativeTime(customer.lastOrderAt)}
            </Text>
          ) : (
            <Text>—</Text>
          )}
        </Grid>
      </Card.Body>
    </Card.Root>
  );
}

/** Everyone who ordered, derived from the live order list: who they are, how often and how much they buy. */
export function CustomersTab({ orders, loading, failed }: CustomersTabProps) {
  const [search, setSearch] = useState('');
  const customers = useMemo(() => deriveCustomers(orders), [orders]);
  const shown = useMemo(() => searchCustomers(customers, search), [customers, search]);

  if (loading) return <PageSpinner minHeight="30vh" />;
  if (failed) {
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{t.loadError}</Alert.Title>
          <Alert.Description>{t.loadErrorHint}</Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );
  }

  return (
    <Stack gap="4">
      <Input
        type="search"
        aria-label={t.search}
        placeholder={t.searchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        bg="bg"
        maxWidth={{ md: 'md' }}
      />
      {shown.length === 0 ? (
        <EmptyNote title={customers.length === 0 ? t.empty : t.noMatch} />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {t.count(formatNumberBn(shown.length))}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
            {shown.map((customer) => (
              <CustomerCard key={customer.key} customer={customer} />
            ))}
          </SimpleGrid>
        </>
      )}
    </Stack>
  );
}
