import {
  Badge,
  Box,
  Card,
  Flex,
  Grid,
  HStack,
  Link,
  NativeSelect,
  Spinner,
  Text,
  chakra,
} from '@chakra-ui/react';
import {
  ORDER_STATUSES,
  isOrderStatus,
  orderStatusLabel,
  shortOrderId,
  type OrderStatus,
  type PaymentDecision,
} from '@/features/ordering/model';
import { adminOrdersTexts } from '../texts';
import { formatDateTime, formatNumberBn, formatRelativeTime, formatTaka } from '@/lib/format';
import type { AdminOrder } from '../model/admin-order';
import { slipsHref } from '../model/packing-slip';
import { OrderDetails } from './order-details';
import { OrderPayment } from './order-payment';
import { OrderStatusBadge } from './order-status-badge';
import { PhoneHistory } from './phone-history';

const t = adminOrdersTexts;

export interface OrderCardProps {
  order: AdminOrder;
  /** Arrived while the dashboard was open: highlighted for a few seconds. */
  fresh: boolean;
  updating: boolean;
  /** How many open orders this order's customer has, this one included if it is open. */
  customerOpenOrders: number;
  onStatusChange: (order: AdminOrder, status: OrderStatus) => void;
  /** A decision on this order's payment is on its way. */
  reviewing: boolean;
  onReview: (order: AdminOrder, decision: PaymentDecision) => void;
}

function Detail({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text color="fg.muted" fontSize="sm">
        {label}
      </Text>
      <Box fontSize="sm" fontWeight="medium" minWidth="0" overflowWrap="anywhere">
        {children}
      </Box>
    </>
  );
}

export function OrderCard({
  order,
  fresh,
  updating,
  customerOpenOrders,
  onStatusChange,
  reviewing,
  onReview,
}: OrderCardProps) {
  const selectId = `order-status-${order.id}`;
  return (
    <Card.Root
      as="article"
      aria-label={t.orderId(shortOrderId(order.id))}
      data-fresh={fresh || undefined}
      variant="outline"
      borderColor={fresh ? 'brand.solid' : undefined}
      borderWidth={fresh ? '2px' : undefined}
      bg={fresh ? 'brand.subtle' : undefined}
      transition="background-color 0.6s, border-color 0.6s"
    >
      <Card.Header pb="2">
        <Flex justify="space-between" align="flex-start" gap="2" wrap="wrap">
          <Box>
            <HStack gap="2">
              <Text fontWeight="bold" fontFamily="mono">
                {t.orderId(shortOrderId(order.id))}
              </Text>
              {fresh && (
                <Badge colorPalette="brand" variant="solid">
                  {t.newBadge}
                </Badge>
              )}
            </HStack>
            {order.created_at && (
              <Text as="time" fontSize="xs" color="fg.muted" title={formatDateTime(order.created_at)}>
                {formatRelativeTime(order.created_at)}
              </Text>
            )}
          </Box>
          <OrderStatusBadge status={order.status} />
        </Flex>
      </Card.Header>
      <Card.Body py="2">
        <Grid templateColumns="auto 1fr" columnGap="4" rowGap="1.5" alignItems="baseline">
          <Detail label={t.product}>
            <bdi>{order.product_name}</bdi>
          </Detail>
          <Detail label={t.quantity}>
            {t.quantityTimesPrice(formatNumberBn(order.quantity), formatTaka(order.product_price))}
          </Detail>
          <Detail label={t.customer}>
            <bdi>{order.customer_name}</bdi>
            {customerOpenOrders > 1 && (
              <Badge ms="2" colorPalette="orange" variant="subtle" data-testid="customer-open-orders">
                {t.openOrdersOfCustomer(formatNumberBn(customerOpenOrders))}
              </Badge>
            )}
          </Detail>
          <Detail label={t.phone}>
            <Link href={`tel:${order.customer_phone}`} color="brand.fg" fontVariantNumeric="tabular-nums">
              <bdi>{order.customer_phone}</bdi>
            </Link>
          </Detail>
          <PhoneHistory phone={order.customer_phone} />
          <Detail label={t.address}>
            {/* Typed text, isolated: even a direction character that got past the reading cannot turn the card. */}
            <Box as="bdi" display="block" whiteSpace="pre-line">
              {order.customer_address}
            </Box>
          </Detail>
          <Detail label={t.payment}>
            <OrderPayment order={order} reviewing={reviewing} onReview={onReview} />
          </Detail>
          <Detail label={t.total}>
            <Text as="span" fontSize="md" fontWeight="bold" color="brand.fg">
              {formatTaka(order.total_amount)}
            </Text>
          </Detail>
        </Grid>
      </Card.Body>
      <Card.Footer pt="2">
        <Flex align="center" gap="3" width="full" wrap="wrap">
          <chakra.label htmlFor={selectId} fontSize="sm" color="fg.muted">
            {t.changeStatus}
          </chakra.label>
          <NativeSelect.Root size="sm" width={{ base: 'full', sm: '44' }} disabled={updating}>
            <NativeSelect.Field
              id={selectId}
              value={order.status}
              onChange={(event) => {
                const next = event.currentTarget.value;
                if (isOrderStatus(next) && next !== order.status) onStatusChange(order, next);
              }}
            >
              {ORDER_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {orderStatusLabel(status)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Link
            href={slipsHref({ orderId: order.id })}
            target="_blank"
            rel="noopener"
            fontSize="sm"
            color="brand.fg"
            ms={{ sm: 'auto' }}
          >
            {t.packingSlip}
          </Link>
          {updating && (
            <HStack gap="1.5" role="status">
              <Spinner size="xs" />
              <Text fontSize="xs" color="fg.muted">
                {t.updating}
              </Text>
            </HStack>
          )}
          <OrderDetails order={order} />
        </Flex>
      </Card.Footer>
    </Card.Root>
  );
}
