import {
  Alert,
  Box,
  Button,
  Card,
  Flex,
  Heading,
  HStack,
  List,
  Progress,
  SimpleGrid,
  Stack,
  Stat,
  Text,
} from '@chakra-ui/react';
import { PageSpinner } from '@/components/ui/page-spinner';
import { ORDER_STATUS_PALETTE, orderStatusLabel } from '@/features/ordering/model';
import { adminStatsTexts } from '../texts';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { useStatsSource } from '../api/stats-source';
import { stockRecommendations } from '../model/stock-recommendations';
import type { DashboardStats, RecommendationKind } from '../model/dashboard-stats';
import { DailyChart } from './daily-chart';

const t = adminStatsTexts;

const recommendationStatus: Record<RecommendationKind, 'warning' | 'success' | 'error' | 'info'> = {
  warning: 'warning',
  positive: 'success',
  negative: 'error',
  info: 'info',
};

/** "+১২.৫%" / "-৩%": growth with its sign, in Bengali digits. */
function signedPercent(value: number): string {
  return `${value > 0 ? '+' : ''}${formatNumberBn(value)}`;
}

/** A quick action's link to another tab of the dashboard. */
function OpenTabButton({ onClick, children }: { onClick: () => void; children: string }) {
  return (
    <Button size="xs" variant="plain" colorPalette="brand" px="1" onClick={onClick}>
      {children} →
    </Button>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Card.Root variant="outline">
      <Card.Header pb="0">
        <Heading as="h2" size="sm">
          {title}
        </Heading>
      </Card.Header>
      <Card.Body>{children}</Card.Body>
    </Card.Root>
  );
}

function StatCard({
  label,
  value,
  help,
  accent,
}: {
  label: string;
  value: string;
  help: React.ReactNode;
  accent: string;
}) {
  return (
    <Card.Root variant="outline" borderTopWidth="4px" borderTopColor={accent}>
      <Card.Body p={{ base: '3', md: '4' }}>
        <Stat.Root>
          <Stat.Label>{label}</Stat.Label>
          <Stat.ValueText fontSize={{ base: 'xl', md: '2xl' }}>{value}</Stat.ValueText>
          {/* A <dl> holds only <dt> and <dd>: the help is the value's description, not a loose <span>. */}
          {help && (
            <Stat.HelpText as="dd" mb="0">
              {help}
            </Stat.HelpText>
          )}
        </Stat.Root>
      </Card.Body>
    </Card.Root>
  );
}

/** The dashboard tabs a quick action can jump to. */
export type QuickActionTab = 'orders' | 'products';

interface StatsViewProps {
  stats: DashboardStats;
  onOpenTab?: (tab: QuickActionTab) => void;
}

function StatsView({ stats, onOpenTab }: StatsViewProps) {
  const growthUp = stats.weeklyGrowth >= 0;
  const delivering = stats.statusBreakdown.find((entry) => entry.status === 'delivering')?.count ?? 0;
  const { useStockedProducts } = useStatsSource();
  const stocked = useStockedProducts();
  const recommendations = [...stats.recommendations, ...stockRecommendations(stocked)];

  return (
    <Stack gap="4">
      <SimpleGrid columns={{ base: 2, lg: 4 }} gap="3">
        <StatCard
          label={t.totalOrders}
          value={formatNumberBn(stats.totalOrders)}
          accent="brand.solid"
          help={
            <Text as="span" color={growthUp ? 'green.fg' : 'red.fg'}>
              {growthUp ? '▲' : '▼'} {t.weeklyGrowth(signedPercent(stats.weeklyGrowth))}
            </Text>
          }
        />
        <StatCard
          label={t.totalRevenue}
          value={formatTaka(stats.totalRevenue)}
          accent="leaf.solid"
          help={t.revenueHint}
        />
        <StatCard
          label={t.pendingOrders}
          value={formatNumberBn(stats.pendingOrders)}
          accent="yellow.solid"
          help={t.pendingHint}
        />
        <StatCard
          label={t.completedOrders}
          value={formatNumberBn(stats.completedOrders)}
          accent="green.solid"
          help={t.completedHint}
        />
      </SimpleGrid>

      <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
        <Section title={t.statusBreakdown}>
          <Stack gap="3">
            {stats.statusBreakdown.map((entry) => (
              <Box key={entry.status} aria-label={orderStatusLabel(entry.status)} role="group">
                <Flex justify="space-between" fontSize="sm" mb="1">
                  <Text>{orderStatusLabel(entry.status)}</Text>
                  <Text color="fg.muted">
                    {formatNumberBn(entry.count)} ({formatNumberBn(entry.percentage)}%)
                  </Text>
                </Flex>
                <Progress.Root
                  value={entry.percentage}
                  max={100}
                  size="sm"
                  colorPalette={ORDER_STATUS_PALETTE[entry.status]}
                >
                  <Progress.Track>
                    <Progress.Range />
                  </Progress.Track>
                </Progress.Root>
              </Box>
            ))}
          </Stack>
        </Section>

        <Stack gap="4">
          <SimpleGrid columns={2} gap="3">
            <StatCard
              label={t.averageOrderValue}
              value={formatTaka(stats.averageOrderValue)}
              accent="brand.emphasized"
              help=""
            />
            <StatCard
              label={t.completionRate}
              value={`${formatNumberBn(stats.completionRate)}%`}
              accent="green.muted"
              help=""
            />
          </SimpleGrid>
          <Section title={t.quickActions}>
            <List.Root gap="2" fontSize="sm" ps="4">
              <List.Item>
                {stats.pendingOrders > 0
                  ? t.quickActionPending(formatNumberBn(stats.pendingOrders))
                  : t.quickActionNoPending}
                {stats.pendingOrders > 0 && onOpenTab && (
                  <OpenTabButton onClick={() => onOpenTab('orders')}>{t.openOrders}</OpenTabButton>
                )}
              </List.Item>
              {delivering > 0 && <List.Item>{t.quickActionDelivering(formatNumberBn(delivering))}</List.Item>}
              <List.Item>
                {t.quickActionStock}
                {onOpenTab && (
                  <OpenTabButton onClick={() => onOpenTab('products')}>{t.openProducts}</OpenTabButton>
                )}
              </List.Item>
            </List.Root>
          </Section>
          <Section title={t.recommendationsTitle}>
            <Stack gap="2">
              {recommendations.length === 0 ? (
                <Text fontSize="sm">{t.noRecommendations}</Text>
              ) : (
                recommendations.map((recommendation) => (
                  <Alert.Root
                    key={recommendation.id}
                    status={recommendationStatus[recommendation.kind]}
                    size="sm"
                  >
                    <Alert.Indicator />
                    <Alert.Title fontWeight="normal">{recommendation.message}</Alert.Title>
                  </Alert.Root>
                ))
              )}
            </Stack>
          </Section>
        </Stack>
      </SimpleGrid>

      <Section title={t.dailyChart}>
        <DailyChart days={stats.daily} />
      </Section>
    </Stack>
  );
}

/**
 * The statistics tab: live numbers from the order_stats roll-ups, which placeOrder and setOrderStatus keep up
 * to date, so there is nothing to refresh; a failed listener is logged and offers a retry.
 */
export function StatsTab({ onOpenTab }: { onOpenTab?: (tab: QuickActionTab) => void }) {
  const { useOrderStats } = useStatsSource();
  const { stats, retry } = useOrderStats();

  if (stats.status === 'loading') return <PageSpinner minHeight="30vh" />;
  if (stats.status === 'failed') {
    return (
      <Alert.Root
        status="error"
        flexDirection={{ base: 'column', sm: 'row' }}
        alignItems={{ sm: 'center' }}
        gap="3"
      >
        <HStack flex="1" gap="3">
          <Alert.Indicator />
          <Alert.Title>{t.loadError}</Alert.Title>
        </HStack>
        <Button size="sm" variant="outline" onClick={retry}>
          {t.retry}
        </Button>
      </Alert.Root>
    );
  }
  return <StatsView stats={stats.data} onOpenTab={onOpenTab} />;
}
