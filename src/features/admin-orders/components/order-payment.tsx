import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { paymentBadge, paymentMethodLabel, type PaymentDecision } from '@/features/ordering/model';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { useClaimOverdue } from '../hooks/use-claim-overdue';
import type { AdminOrder } from '../model/admin-order';
import { adminOrdersTexts } from '../texts';

const t = adminOrdersTexts.paymentReview;

export interface OrderPaymentProps {
  order: AdminOrder;
  /** A decision on this order's payment is on its way: the buttons wait. */
  reviewing: boolean;
  /** Verify at once; reject asks the reason first, move the order it paid (the tab's dialogs). */
  onReview: (order: AdminOrder, decision: PaymentDecision) => void;
  /** The shop's payment wait in hours (null until read): a claim unchecked longer than it is flagged. */
  paymentWaitHours: number | null;
}

/**
 * An order's payment on its card: the method by its full name ("নগদ (Nagad)", never read as cash), the state
 * (the money's, where it says more than the wallet's: paymentBadge), and for bKash/Nagad what the customer claimed (TrxID, the number it came from, the amount to look for in the
 * app); a claimed one has the seller's answers: verified, not there, or meant for another order.
 */
export function OrderPayment({ order, reviewing, onReview, paymentWaitHours }: OrderPaymentProps) {
  const state = order.payment_state;
  const badge = paymentBadge(order);
  const overdue = useClaimOverdue(order, paymentWaitHours);
  return (
    <Stack gap="1" data-testid="order-payment">
      <HStack gap="2" wrap="wrap">
        <Text as="span">{order.payment_method ? paymentMethodLabel(order.payment_method) : '—'}</Text>
        <Badge colorPalette={badge.palette} variant="subtle" data-testid="payment-state">
          {badge.label}
        </Badge>
      </HStack>
      {overdue && paymentWaitHours !== null && (
        // A sentence that wraps at 360 px (a badge would not), dark enough on the card of a claim to check.
        <Text fontSize="sm" color="red.800" fontWeight="semibold" data-testid="claim-overdue">
          {t.overdue(formatNumberBn(paymentWaitHours))}
        </Text>
      )}
      {order.payment_trxid && (
        <Text fontSize="sm" fontWeight="normal">
          {t.trxId}:{' '}
          <Text as="span" fontFamily="mono" fontWeight="semibold" data-testid="payment-trxid">
            {order.payment_trxid}
          </Text>
          {order.payment_payer && (
            <>
              {' · '}
              {t.payer}: <span style={{ fontVariantNumeric: 'tabular-nums' }}>{order.payment_payer}</span>
            </>
          )}
          {' · '}
          {/* What the customer was asked to send when they gave the TrxID: what to look for in the app. */}
          {t.amount}: {formatTaka(order.payment_claimed_amount ?? order.total_amount)}
        </Text>
      )}
      {state === 'rejected' && order.payment_reject_reason && (
        <Text fontSize="sm" color="fg.error" fontWeight="normal">
          {t.rejectedBecause(order.payment_reject_reason)}
        </Text>
      )}
      {state === 'claimed' && (
        <HStack gap="2" mt="1" wrap="wrap">
          <Button
            size="xs"
            colorPalette="green"
            loading={reviewing}
            loadingText={t.reviewing}
            disabled={reviewing}
            onClick={() => onReview(order, 'verify')}
          >
            {t.verify}
          </Button>
          <Button
            size="xs"
            variant="outline"
            colorPalette="red"
            disabled={reviewing}
            onClick={() => onReview(order, 'reject')}
          >
            {t.reject}
          </Button>
          <Button size="xs" variant="ghost" disabled={reviewing} onClick={() => onReview(order, 'move')}>
            {t.move}
          </Button>
        </HStack>
      )}
    </Stack>
  );
}
