import {
  Badge,
  Box,
  Button,
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
  isOrderStatus,
  orderStatusLabel,
  sellerStatusChoices,
  shortOrderId,
  type OrderStatus,
  type PaymentDecision,
} from '@/features/ordering/model';
import { adminOrdersTexts } from '../texts';
import { formatDateTime, formatNumberBn, formatRelativeTime, formatTaka } from '@/lib/format';
import { useUndoWindow } from '../hooks/use-undo-window';
import type { AdminOrder } from '../model/admin-order';
import { slipsHref } from '../model/packing-slip';
import { ExternalLink } from '@/components/ui/external-link';
import { OrderCourier } from './order-courier';
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
  /** Takes back the seller's last status change (offered for UNDO_MINUTES after it). */
  onUndo: (order: AdminOrder) => void;
  /** Opens the form to record money sent back to the customer. */
  onRefund: (order: AdminOrder) => void;
  /** The shop's payment wait in hours (null until read): a claim unchecked longer than it is flagged. */
  paymentWaitHours: number | null;
}

/**
 * The order's money beyond its total (order-ledger.ts): what the shop owes back, with the form to record it, the
 * balance an edit after payment left to collect, and what was already sent back. Nothing for an order whose
 * money is simply its total.
 */
function OrderMoney({ order, onRefund }: { order: AdminOrder; onRefund: (order: AdminOrder) => void }) {
  const m = t.money;
  const paidNet = order.paid_amount - order.refunded_amount;
  const balance = order.to_collect > 0 && paidNet > 0;
  if (order.refund_due <= 0 && !balance && order.refunded_amount <= 0) return null;
  return (
    <Detail label={m.label}>
      <Flex gap="2" align="center" wrap="wrap">
        {order.refund_due > 0 && (
          <>
            <Badge colorPalette="red" variant="solid" data-testid="refund-due">
              {m.refundDue(formatTaka(order.refund_due))}
            </Badge>
            <Button size="xs" variant="outline" colorPalette="red" onClick={() => onRefund(order)}>
              {m.recordRefund}
            </Button>
          </>
        )}
        {balance && (
          <Text as="span" data-testid="balance-to-collect">
            <Badge colorPalette="orange" variant="solid">
              {m.toCollect(formatTaka(order.to_collect))}
            </Badge>{' '}
            <Text as="span" fontSize="xs" fontWeight="normal" color="fg.muted">
              {m.paidBefore(formatTaka(paidNet))}
            </Text>
          </Text>
        )}
      </Flex>
      {order.refunded_amount > 0 && (
        <Text fontSize="sm" fontWeight="normal" data-testid="refunded">
          {m.refunded(formatTaka(order.refunded_amount), order.refund_trxid)}
        </Text>
      )}
    </Detail>
  );
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
  onUndo,
  onRefund,
  paymentWaitHours,
}: OrderCardProps) {
  const selectId = `order-status-${order.id}`;
  // Exactly the moves the order ledger allows the seller from this status (delivered is final).
  const choices = sellerStatusChoices(order.status);
  const undoable = useUndoWindow(order.status_undo);
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
            <OrderPayment
              order={order}
              reviewing={reviewing}
              onReview={onReview}
              paymentWaitHours={paymentWaitHours}
            />
          </Detail>
          <Detail label={t.total}>
            <Text as="span" fontSize="md" fontWeight="bold" color="brand.fg">
              {formatTaka(order.total_amount)}
            </Text>
          </Detail>
          <OrderMoney order={order} onRefund={onRefund} />
          <OrderCourier
            order={order}
            updating={updating}
            onCameHome={(cameHome) => onStatusChange(cameHome, 'returned')}
          />
        </Grid>
      </Card.Body>
      <Card.Footer pt="2">
        <Flex align="center" gap="3" width="full" wrap="wrap">
          <chakra.label htmlFor={selectId} fontSize="sm" color="fg.muted">
            {t.changeStatus}
          </chakra.label>
          <NativeSelect.Root
            size="sm"
            width={{ base: 'full', sm: '44' }}
            disabled={updating || choices.length < 2}
          >
            <NativeSelect.Field
              id={selectId}
              value={order.status}
              onChange={(event) => {
                const next = event.currentTarget.value;
                if (isOrderStatus(next) && next !== order.status) onStatusChange(order, next);
              }}
            >
              {choices.map((status) => (
                <option key={status} value={status}>
                  {orderStatusLabel(status)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {undoable && order.status_undo && (
            <HStack gap="2">
              <Button size="xs" variant="outline" disabled={updating} onClick={() => onUndo(order)}>
                {t.undo}
              </Button>
              <Text fontSize="xs" color="fg.muted">
                {t.undoTo(orderStatusLabel(order.status_undo.from))}
              </Text>
            </HStack>
          )}
          <ExternalLink href={slipsHref({ orderId: order.id })} fontSize="sm" ms={{ sm: 'auto' }}>
            {t.packingSlip}
          </ExternalLink>
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
