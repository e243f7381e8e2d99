import { Box, Flex, HStack, Text, VisuallyHidden } from '@chakra-ui/react';
import { adminStatsTexts } from '../texts';
import { formatDayMonth, formatNumberBn, formatTaka } from '@/lib/format';
import type { DailyOrders } from '../model/dashboard-stats';

const t = adminStatsTexts;
const BAR_AREA_PX = 140;

function barHeight(value: number, max: number): string {
  if (value <= 0 || max <= 0) return '0px';
  return `${Math.max(3, Math.round((value / max) * BAR_AREA_PX))}px`;
}

function Legend({ color, label }: { color: string; label: string }) {
  return (
    <HStack gap="1.5">
      <Box boxSize="3" borderRadius="sm" bg={color} />
      <Text fontSize="xs" color="fg.muted">
        {label}
      </Text>
    </HStack>
  );
}

/**
 * Orders and revenue per day as paired CSS bars, each scaled to its own maximum (counts and taka do not share
 * an axis). Plain boxes instead of a chart library keep the admin bundle small; each day also reads out as
 * text for screen readers.
 */
export function DailyChart({ days }: { days: readonly DailyOrders[] }) {
  const maxOrders = Math.max(0, ...days.map((day) => day.orders));
  const maxRevenue = Math.max(0, ...days.map((day) => day.revenue));

  return (
    <Box>
      <HStack gap="4" mb="3">
        <Legend color="brand.solid" label={t.dailyOrders} />
        <Legend color="leaf.solid" label={t.dailyRevenue} />
      </HStack>
      {/* relative: the spoken day labels are absolutely placed and must scroll with the chart, not widen the page. */}
      {/* A region that scrolls on a phone: focusable, so a keyboard can scroll it too, and named. */}
      <Box
        overflowX="auto"
        pb="1"
        position="relative"
        tabIndex={0}
        role="region"
        aria-label={t.dailyChart}
        borderRadius="sm"
        focusRing="outside"
      >
        <Flex
          as="ul"
          listStyleType="none"
          align="flex-end"
          gap={{ base: '1', md: '2' }}
          minWidth="max-content"
        >
          {days.map((day) => {
            const label = t.dayLabel(
              formatDayMonth(day.date),
              formatNumberBn(day.orders),
              formatTaka(day.revenue),
            );
            return (
              <Flex as="li" key={day.date} direction="column" align="center" gap="1" title={label} flex="1">
                <VisuallyHidden>{label}</VisuallyHidden>
                <Text fontSize="xs" color="fg.muted" aria-hidden="true" minHeight="4">
                  {day.orders > 0 ? formatNumberBn(day.orders) : ''}
                </Text>
                <Flex align="flex-end" gap="0.5" height={`${BAR_AREA_PX}px`} aria-hidden="true">
                  <Box
                    width={{ base: '2.5', md: '4' }}
                    height={barHeight(day.orders, maxOrders)}
                    bg="brand.solid"
                    borderTopRadius="sm"
                  />
                  <Box
                    width={{ base: '2.5', md: '4' }}
                    height={barHeight(day.revenue, maxRevenue)}
                    bg="leaf.solid"
                    borderTopRadius="sm"
                  />
                </Flex>
                <Text fontSize="xs" color="fg.muted" aria-hidden="true" whiteSpace="nowrap">
                  {formatNumberBn(Number(day.date.slice(8)))}
                </Text>
              </Flex>
            );
          })}
        </Flex>
      </Box>
    </Box>
  );
}
