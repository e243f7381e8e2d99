import { useEffect, useRef } from 'react';
import { Badge, Box, Container, Heading, Tabs, Text } from '@chakra-ui/react';
import { useSearchParams } from 'react-router-dom';
import { CustomersTab } from '@/features/admin-customers';
import { OrdersTab, useLiveOrders, useNewOrderSound, useOrderFilter } from '@/features/admin-orders';
import { ProductsTab } from '@/features/admin-products';
import { SettingsTab } from '@/features/admin-settings';
import { StatsTab, useOrderCounts } from '@/features/admin-stats';
import { adminTexts } from './texts';
import { formatNumberBn } from '@/lib/format';

const t = adminTexts.dashboard;

export const ADMIN_TABS = ['orders', 'products', 'stats', 'customers', 'settings'] as const;
type AdminTab = (typeof ADMIN_TABS)[number];

function isAdminTab(value: string | null): value is AdminTab {
  return (ADMIN_TABS as readonly (string | null)[]).includes(value);
}

/** What the dashboard composes: each feature's tab, and the order hooks it runs above them. */
const adminFeatures = {
  OrdersTab,
  ProductsTab,
  StatsTab,
  CustomersTab,
  SettingsTab,
  useLiveOrders,
  useNewOrderSound,
  useOrderFilter,
  useOrderCounts,
};

/**
 * The seller's dashboard. The order list (with the search and filter that choose its query) is subscribed here,
 * above the tabs, so a new order is announced whichever tab is open; the customers tab reads the customer
 * summaries, never the orders.
 * The open tab is kept in the address (?tab=products) so a reload or a shared link opens the same tab.
 * `features` are the real ones unless a test gives stand-ins (so it replaces no module).
 */
export function AdminDashboard({ features = adminFeatures }: { features?: typeof adminFeatures }) {
  const { useLiveOrders, useNewOrderSound, useOrderFilter, useOrderCounts } = features;
  const { OrdersTab, ProductsTab, StatsTab, CustomersTab, SettingsTab } = features;
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: AdminTab = isAdminTab(requested) ? requested : 'orders';
  const tabStrip = useRef<HTMLDivElement>(null);
  // On a phone the strip scrolls sideways: keep the open tab in view (e.g. ?tab=settings opened from a link),
  // again once the Bengali web font has loaded and widened the tabs.
  useEffect(() => {
    let current = true;
    const reveal = () =>
      current &&
      tabStrip.current
        ?.querySelector('[role="tab"][aria-selected="true"]')
        ?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
    reveal();
    void document.fonts?.ready.then(reveal);
    return () => {
      current = false;
    };
  }, [tab]);
  const sound = useNewOrderSound();
  // The seller's order mail links here with the order number as ?q=, so the list opens searched for it.
  const filter = useOrderFilter(params.get('q') ?? '');
  const live = useLiveOrders({ chime: !sound.muted, filter: filter.filter });
  // From the roll-ups, not the loaded orders: the badge counts every pending order, however many there are.
  const counts = useOrderCounts();
  const pending = counts.status === 'loaded' ? counts.data.byStatus.pending : 0;
  const openTab = (value: string) => setParams(value === 'orders' ? {} : { tab: value }, { replace: true });

  return (
    <Container maxWidth="6xl" py={{ base: '4', md: '8' }} px={{ base: '3', md: '6' }}>
      <Box mb={{ base: '4', md: '6' }}>
        <Heading as="h1" size={{ base: 'xl', md: '2xl' }}>
          {t.title}
        </Heading>
        <Text color="fg.muted" fontSize="sm">
          {t.subtitle}
        </Text>
      </Box>
      <Tabs.Root
        value={tab}
        onValueChange={({ value }) => openTab(value)}
        lazyMount
        variant="enclosed"
        colorPalette="brand"
      >
        <Box
          ref={tabStrip}
          overflowX="auto"
          scrollPaddingInline="3"
          mx={{ base: '-3', md: '0' }}
          px={{ base: '3', md: '0' }}
          pb="1"
        >
          <Tabs.List minWidth="max-content">
            {ADMIN_TABS.map((value) => (
              <Tabs.Trigger key={value} value={value} whiteSpace="nowrap" flexShrink={0}>
                {t.tabs[value]}
                {value === 'orders' && pending > 0 && (
                  <Badge colorPalette="yellow" variant="solid" size="sm" borderRadius="full">
                    {formatNumberBn(pending)}
                  </Badge>
                )}
              </Tabs.Trigger>
            ))}
          </Tabs.List>
        </Box>
        <Tabs.Content value="orders">
          <OrdersTab live={live} sound={sound} filter={filter} />
        </Tabs.Content>
        <Tabs.Content value="products">
          <ProductsTab />
        </Tabs.Content>
        <Tabs.Content value="stats">
          <StatsTab onOpenTab={openTab} />
        </Tabs.Content>
        <Tabs.Content value="customers">
          <CustomersTab />
        </Tabs.Content>
        <Tabs.Content value="settings">
          <SettingsTab />
        </Tabs.Content>
      </Tabs.Root>
    </Container>
  );
}
