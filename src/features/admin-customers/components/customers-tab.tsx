import { useState } from 'react';
import {
  Alert,
  Button,
  Card,
  Flex,
  Grid,
  Heading,
  Input,
  Link,
  SimpleGrid,
  Stack,
  Text,
} from '@chakra-ui/react';
import { EmptyNote } from '@/components/ui/empty-note';
import { PageSpinner } from '@/components/ui/page-spinner';
import { adminCustomersTexts } from '../texts';
import { formatDateTime, formatNumberBn, formatRelativeTime, formatTaka } from '@/lib/format';
import { useCustomers } from '../api/use-customers';
import type { Customer } from '../model/customers';

const t = adminCustomersTexts;

function CustomerCard({ customer }: { customer: Customer }) {
  return (
    <Card.Root as="article" aria-label={customer.name} variant="outline" size="sm">
      <Card.Body gap="2">
        <Card.Title fontSize="md">
          <bdi>{customer.name}</bdi>
        </Card.Title>
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

/**
 * Everyone who ordered, from the customer summaries the functions keep (never from the orders): the most
 * recent buyers first, a page at a time; searched by phone or by the start of a name.
 */
export function CustomersTab() {
  const [search, setSearch] = useState('');
  const list = useCustomers(search);
  const searching = search.trim() !== '';

  return (
    <Stack gap="4">
      {/* The tab's heading, as the products tab has: each customer's card title (h3) sits under it. */}
      <Heading as="h2" size="md">
        {t.title}
      </Heading>
      <Input
        type="search"
        aria-label={t.search}
        placeholder={t.searchPlaceholder}
        value={search}
        onChange={(event) => setSearch(event.currentTarget.value)}
        bg="bg"
        maxWidth={{ md: 'md' }}
      />
      {list.loading ? (
        <PageSpinner minHeight="30vh" />
      ) : list.error && list.customers.length === 0 ? (
        <Alert.Root status="error" role="alert" alignItems="center" gap="3">
          <Alert.Indicator />
          <Alert.Content flex="1">
            <Alert.Title>{t.loadError}</Alert.Title>
            <Alert.Description>{t.loadErrorHint}</Alert.Description>
          </Alert.Content>
          <Button size="sm" variant="outline" onClick={list.retry}>
            {t.retry}
          </Button>
        </Alert.Root>
      ) : list.customers.length === 0 ? (
        <EmptyNote title={searching ? t.noMatch : t.empty} />
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {list.hasMore
              ? t.shownCount(formatNumberBn(list.customers.length))
              : t.count(formatNumberBn(list.customers.length))}
          </Text>
          <SimpleGrid columns={{ base: 1, md: 2, xl: 3 }} gap="3">
            {list.customers.map((customer) => (
              <CustomerCard key={customer.key} customer={customer} />
            ))}
          </SimpleGrid>
          {list.error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title flex="1">{t.loadMoreError}</Alert.Title>
              <Button size="sm" variant="outline" onClick={list.retry}>
                {t.retry}
              </Button>
            </Alert.Root>
          )}
          {list.hasMore && (
            <Flex justify="center">
              <Button variant="outline" onClick={list.loadMore} loading={list.loadingMore}>
                {t.more}
              </Button>
            </Flex>
          )}
        </>
      )}
    </Stack>
  );
}
