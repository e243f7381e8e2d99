import { Badge, Box, Button, Card, Center, Container, HStack, Heading, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError } from '@/components/ui/toaster';
import { ORDER_STATUS_PALETTE, orderStatusLabel } from '@/features/ordering/model/order-status';
import { shortOrderId } from '@/features/ordering/model/order-record';
import { isEditableStatus } from '@/features/ordering/model/order-ledger';
import {
  UNPAID_PAYMENT_STATES,
  isMobilePaymentMethod,
  type MobilePaymentMethod,
} from '@/features/ordering/model/payment';
import { paymentBadge } from '@/features/ordering/model/payment-badge';
import { paymentMethodLabel } from '@/features/ordering/model/payment-method';
import { sharedTexts } from '@/i18n/texts';
import { myOrdersTexts } from '../texts';
import { orderMoneyTexts } from '@/features/ordering/model/money-texts';
import { courierTrackingTexts, courierTrackingUrl } from '@/features/ordering/model/courier-tracking';
import { ExternalLink } from '@/components/ui/external-link';
import { formatDateTime, formatNumberBn, formatRelativeTime, formatTaka } from '@/lib/format';
import { ONLY_WITH_SESSION, ONLY_WITHOUT_SESSION } from '@/lib/session-hint';
import { useMyOrders } from '../api/use-my-orders';
import type { MyOrder } from '../model/my-order';

// The confirmation (Chakra's dialog machinery) loads only when a customer asks to cancel, so it stays out of
// the JavaScript every page needs before it can be used.
const CancelOrderDialog = lazy(() =>
  import('./cancel-order-dialog').then((module) => ({ default: module.CancelOrderDialog })),
);

// The form to send a TrxID loads only for an order that waits for one.
const SubmitPaymentForm = lazy(() =>
  import('./submit-payment-form').then((module) => ({ default: module.SubmitPaymentForm })),
);

// The address and phone form loads only when a customer opens it on a pending order.
const EditDeliveryForm = lazy(() =>
  import('./edit-delivery-form').then((module) => ({ default: module.EditDeliveryForm })),
);

const t = myOrdersTexts;

/** A bKash/Nagad order that still waits for its TrxID (or a new one), while it is still open. */
function awaitsTrxId(order: MyOrder): order is MyOrder & { payment_method: MobilePaymentMethod } {
  return (
    isMobilePaymentMethod(order.payment_method) &&
    (UNPAID_PAYMENT_STATES as readonly string[]).includes(order.payment_state) &&
    !['delivered', 'cancelled', 'returned'].includes(order.status)
  );
}

/**
 * The order's money beyond its total: what the shop owes back and how it comes, what it has sent back, and a
 * balance left to pay at the door (an order made bigger after it was paid). Nothing for a plain order.
 */
function OrderMoney({ order }: { order: MyOrder }) {
  const balance = order.to_collect > 0 && order.paid_amount - order.refunded_amount > 0;
  if (order.refund_due <= 0 && order.refunded_amount <= 0 && !balance) return null;
  return (
    <Stack gap="0.5" textStyle="sm" data-testid="my-order-money">
      {order.refund_due > 0 && (
        <Text>
          <Text as="span" fontWeight="semibold" color="fg.warning">
            {t.refundDue(formatTaka(order.refund_due))}
          </Text>{' '}
          {t.refundHow[order.payment_method ?? 'cash_on_delivery']}
        </Text>
      )}
      {order.refunded_amount > 0 && (
        <Text color="fg.success">{t.refunded(formatTaka(order.refunded_amount), order.refund_trxid)}</Text>
      )}
      {balance && (
        <Text fontWeight="semibold">{orderMoneyTexts.payAtDoor(formatTaka(order.to_collect))}</Text>
      )}
    </Stack>
  );
}

function OrderCard({ order, onCancel }: { order: MyOrder; onCancel: (order: MyOrder) => void }) {
  const [editing, setEditing] = useState(false);
  // The customer may cancel only while the order is pending (the order ledger refuses it later), and change
  // its delivery only as long (isEditableStatus).
  const mayCancel = order.status === 'pending';
  const mayEdit = isEditableStatus(order.status, true);
  // The money's state where it says more than the wallet's (a balance left, money owed back).
  const payment = paymentBadge(order);
  return (
    <Card.Root as="li" size="sm" data-testid="my-order">
      <Card.Body gap="2">
        <HStack justifyContent="space-between" alignItems="flex-start" gap="3">
          <Stack gap="0.5">
            <Text fontWeight="semibold">
              <bdi>{order.product_name}</bdi>
            </Text>
            <Text textStyle="xs" color="fg.muted">
              {t.orderId} #{shortOrderId(order.id)}
              {order.created_at && (
                <>
                  {' · '}
                  <time dateTime={order.created_at.toISOString()} title={formatDateTime(order.created_at)}>
                    {formatRelativeTime(order.created_at)}
                  </time>
                </>
              )}
            </Text>
          </Stack>
          <Badge colorPalette={ORDER_STATUS_PALETTE[order.status]} size="md" flexShrink="0">
            {orderStatusLabel(order.status)}
          </Badge>
        </HStack>
        <HStack justifyContent="space-between" textStyle="sm">
          <Text color="fg.muted">
            {t.quantity}: {formatNumberBn(order.quantity)} × {formatTaka(order.product_price)}
          </Text>
          <Text fontWeight="bold" color="brand.fg">
            {t.total}: {formatTaka(order.total_amount)}
          </Text>
        </HStack>
        <HStack gap="2" textStyle="sm" wrap="wrap">
          <Text color="fg.muted">
            {t.payment}: {order.payment_method ? paymentMethodLabel(order.payment_method) : '—'}
          </Text>
          <Badge colorPalette={payment.palette} data-testid="my-payment-state">
            {payment.label}
          </Badge>
          {order.payment_trxid && order.payment_state !== 'rejected' && (
            <Text color="fg.muted" fontFamily="mono" textStyle="xs">
              {t.sentTrxId(order.payment_trxid)}
            </Text>
          )}
        </HStack>
        {order.payment_state === 'rejected' && order.payment_reject_reason && (
          <Text textStyle="sm" color="fg.error">
            {t.rejectedBecause(order.payment_reject_reason)}
          </Text>
        )}
        <OrderMoney order={order} />
        {order.courier_tracking_code && order.status === 'delivering' && (
          <ExternalLink
            href={courierTrackingUrl(order.courier_tracking_code)}
            textStyle="sm"
            data-testid="my-order-tracking"
          >
            {courierTrackingTexts.track} ({order.courier_tracking_code})
          </ExternalLink>
        )}
        {awaitsTrxId(order) && (
          <Suspense fallback={null}>
            <SubmitPaymentForm order={order} method={order.payment_method} />
          </Suspense>
        )}
        <Text textStyle="sm" color="fg.muted" data-testid="my-order-delivery">
          {t.deliverTo}: <bdi>{order.customer_phone}</bdi> ·{' '}
          <Box as="bdi" whiteSpace="pre-line">
            {order.customer_address}
          </Box>
        </Text>
        {editing && mayEdit && (
          <Suspense fallback={null}>
            <EditDeliveryForm order={order} onDone={() => setEditing(false)} />
          </Suspense>
        )}
        {(mayCancel || mayEdit) && (
          <HStack justifyContent="flex-end">
            {!editing && mayEdit && (
              <Button size="xs" variant="outline" onClick={() => setEditing(true)}>
                {t.changeDelivery}
              </Button>
            )}
            {mayCancel && (
              <Button size="xs" variant="outline" colorPalette="red" onClick={() => onCancel(order)}>
                {t.cancel}
              </Button>
            )}
          </HStack>
        )}
      </Card.Body>
    </Card.Root>
  );
}

function LoginInvitation() {
  return (
    <Center flexDirection="column" gap="4" py="10">
      <Text>{t.loginRequired}</Text>
      <Button asChild colorPalette="brand">
        <RouterLink to="/auth">{sharedTexts.login}</RouterLink>
      </Button>
    </Center>
  );
}

/**
 * /orders: the signed-in shopper's own orders, updated live as the shop moves them along. `uid` is undefined
 * until Firebase Auth has said who is there, null for a visitor.
 */
export function MyOrdersPage({ uid }: { uid: string | null | undefined }) {
  const orders = useMyOrders(uid ?? null);
  const [cancelling, setCancelling] = useState<MyOrder | null>(null);
  const error = orders.status === 'failed' ? orders.error : null;

  useEffect(() => {
    if (error) notifyError(t.loadErrorTitle, t.loadError, error);
  }, [error]);

  let content: React.ReactNode;
  if (uid === undefined) {
    // Before Firebase Auth has said who is there (the prerendered page): the spinner if a shopper was signed in
    // on this browser, else at once the invitation to log in (src/lib/session-hint.ts).
    content = (
      <>
        <Box css={ONLY_WITH_SESSION}>
          <PageSpinner minHeight="200px" />
        </Box>
        <Box css={ONLY_WITHOUT_SESSION}>
          <LoginInvitation />
        </Box>
      </>
    );
  } else if (orders.status === 'idle') {
    content = <LoginInvitation />;
  } else if (orders.status === 'loading') {
    content = <PageSpinner minHeight="200px" />;
  } else if (orders.status === 'failed') {
    content = (
      <Text role="alert" textAlign="center" py="10">
        {t.loadError}
      </Text>
    );
  } else if (orders.data.length === 0) {
    content = (
      <Center flexDirection="column" gap="4" py="10">
        <Text color="fg.muted">{t.empty}</Text>
        <Button asChild colorPalette="brand" variant="outline">
          <RouterLink to="/#products">{t.shop}</RouterLink>
        </Button>
      </Center>
    );
  } else {
    content = (
      <Stack as="ul" gap="3" listStyleType="none">
        {orders.data.map((order) => (
          <OrderCard key={order.id} order={order} onCancel={setCancelling} />
        ))}
      </Stack>
    );
  }

  return (
    <Container maxW="3xl" py={{ base: '6', md: '10' }}>
      <Heading as="h1" size="2xl" mb="6">
        {t.title}
      </Heading>
      {content}
      {cancelling && (
        <Suspense fallback={null}>
          <CancelOrderDialog order={cancelling} onClose={() => setCancelling(null)} />
        </Suspense>
      )}
    </Container>
  );
}
