import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Box,
  Button,
  Flex,
  HStack,
  Input,
  NativeSelect,
  SimpleGrid,
  Stack,
  Text,
  VisuallyHidden,
} from '@chakra-ui/react';
import { EmptyNote } from '@/components/ui/empty-note';
import { PageSpinner } from '@/components/ui/page-spinner';
import { notifyError, notifySuccess, notifyWarning } from '@/components/ui/toaster';
import {
  orderStatusLabel,
  shortOrderId,
  type OrderStatus,
  type CourierPayoutInput,
  type PaymentDecision,
  type RecordRefundInput,
  type ReviewPaymentInput,
} from '@/features/ordering/model';
import { adminOrdersTexts } from '../texts';
import { StatusOptions } from './status-options';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { refusalReason } from '@/lib/refusal-reason';
import { undoOrderStatus, updateOrderStatus, type StatusChangeResult } from '../api/orders';
import { recordRefund } from '../api/record-refund';
import { bookCourier } from '../api/book-courier';
import { recordCourierPayout } from '../api/courier-cash';
import { useCourierOwed } from '../hooks/use-courier-owed';
import { CourierCash } from './courier-cash';
import { paperworkStatus, TO_VERIFY, type OrderListFilter } from '../model/order-filter';
import { reviewPayment } from '../api/review-payment';
import { useToVerifyCount } from '../hooks/use-to-verify-count';
import { usePaymentWaitHours } from '../api/payment-wait';
import { MovePaymentDialog } from './move-payment-dialog';
import { RecordRefundDialog } from './record-refund-dialog';
import { RejectPaymentDialog } from './reject-payment-dialog';
import type { LiveOrders } from '../hooks/use-live-orders';
import type { OrderFilterState } from '../hooks/use-order-filter';
import type { NewOrderSound } from '../hooks/use-new-order-sound';
import type { AdminOrder } from '../model/admin-order';
import { openOrdersByCustomer } from '../model/open-orders';
import { slipsHref } from '../model/packing-slip';
import { ExportOrdersDialog } from './export-orders-dialog';
import { OrderCard } from './order-card';
import { BellIcon, BellOffIcon, JarIcon, SearchIcon } from '@/components/ui/admin-icons';

const t = adminOrdersTexts;

/** "৩", or "৯৯+" once the badge's listener holds as many as it reads. */
const formatToVerify = ({ count, more }: { count: number; more: boolean }) =>
  more ? `${formatNumberBn(count - 1)}+` : formatNumberBn(count);

/** What the seller is told once the server has taken each decision on a payment. */
const REVIEWED: Record<PaymentDecision, string> = {
  verify: t.paymentReview.verified,
  reject: t.paymentReview.rejected,
  move: t.paymentReview.moved,
};

export interface OrdersTabProps {
  live: LiveOrders;
  sound: NewOrderSound;
  /** The search box and status filter, held with the live list they drive (above the tabs). */
  filter: OrderFilterState;
}

export function OrdersTab({ live, sound, filter }: OrdersTabProps) {
  const [updatingIds, setUpdatingIds] = useState<ReadonlySet<string>>(new Set());
  const [exporting, setExporting] = useState(false);
  const [reviewingIds, setReviewingIds] = useState<ReadonlySet<string>>(new Set());
  const [rejecting, setRejecting] = useState<AdminOrder | null>(null);
  const [moving, setMoving] = useState<AdminOrder | null>(null);
  const [refunding, setRefunding] = useState<AdminOrder | null>(null);
  const [bookingAll, setBookingAll] = useState(false);
  const toVerify = useToVerifyCount();
  const courierOwed = useCourierOwed();
  const paymentWaitHours = usePaymentWaitHours();
  const exportStatus = paperworkStatus(filter.status);
  const slipStatus: OrderStatus = exportStatus === 'all' ? 'confirmed' : exportStatus;

  // Firestore answers the search and the filter; the tab shows what the loaded pages hold.
  const shown = live.orders;
  // Among the loaded orders: the card's hint that this customer has other orders waiting.
  const openByCustomer = useMemo(() => openOrdersByCustomer(live.orders), [live.orders]);
  const filtering = filter.active;

  /** A status change or its undo; the card's dropdown waits meanwhile. */
  async function moveStatus(order: AdminOrder, undo: boolean, next: OrderStatus = order.status) {
    setUpdatingIds((ids) => new Set(ids).add(order.id));
    try {
      const { notice }: StatusChangeResult = undo
        ? await undoOrderStatus(order.id)
        : await updateOrderStatus(order.id, next);
      if (notice) notifyWarning(t.stockCappedTitle, notice);
      else if (undo) notifySuccess(t.undone);
      else notifySuccess(t.updateSuccessTitle, t.updateSuccess);
    } catch (error) {
      notifyError(undo ? t.undoError : t.updateError, refusalReason(error), error);
    } finally {
      setUpdatingIds((ids) => {
        const rest = new Set(ids);
        rest.delete(order.id);
        return rest;
      });
    }
  }

  /** Sends the seller's decision; true once done. The card's buttons wait meanwhile. */
  async function decide(input: ReviewPaymentInput): Promise<boolean> {
    const { orderId } = input;
    setReviewingIds((ids) => new Set(ids).add(orderId));
    try {
      await reviewPayment(input);
      notifySuccess(REVIEWED[input.decision]);
      return true;
    } catch (error) {
      notifyError(t.paymentReview.reviewError, refusalReason(error), error);
      return false;
    } finally {
      setReviewingIds((ids) => {
        const rest = new Set(ids);
        rest.delete(orderId);
        return rest;
      });
    }
  }

  function review(order: AdminOrder, decision: PaymentDecision) {
    if (decision === 'reject') setRejecting(order);
    else if (decision === 'move') setMoving(order);
    else void decide({ orderId: order.id, decision: 'verify' });
  }

  /** Books every packed order with the courier in one bulk call, then says how many went and why others not. */
  async function bookAllPacked() {
    setBookingAll(true);
    try {
      const { booked, failed } = await bookCourier({ allPacked: true });
      if (booked.length === 0 && failed.length === 0) notifySuccess(t.courier.nothingPacked);
      if (booked.length > 0) notifySuccess(t.courier.bookedMany(formatNumberBn(booked.length)));
      if (failed.length > 0) {
        notifyError(
          t.courier.failedMany(formatNumberBn(failed.length)),
          failed.map((f) => `${shortOrderId(f.orderId)}: ${f.error}`).join('\n'),
        );
      }
    } catch (error) {
      notifyError(t.courier.bookError, refusalReason(error), error);
    } finally {
      setBookingAll(false);
    }
  }

  /** Records the courier's payout, settling the orders it covers; true once done. */
  async function recordPayout(input: CourierPayoutInput): Promise<boolean> {
    try {
      const { orderIds } = await recordCourierPayout(input);
      notifySuccess(t.courierCash.recorded(formatNumberBn(orderIds.length), formatTaka(input.amount)));
      return true;
    } catch (error) {
      notifyError(t.courierCash.error, refusalReason(error), error);
      return false;
    }
  }

  /** Records money sent back; true once done. */
  async function refund(input: RecordRefundInput): Promise<boolean> {
    try {
      await recordRefund(input);
      notifySuccess(t.money.refundRecorded);
      return true;
    } catch (error) {
      notifyError(t.money.refundError, refusalReason(error), error);
      return false;
    }
  }

  return (
    <Stack gap="4">
      <Flex gap="3" direction={{ base: 'column', md: 'row' }} align={{ md: 'center' }}>
        <Input
          type="search"
          aria-label={t.search}
          placeholder={t.searchPlaceholder}
          value={filter.text}
          onChange={(event) => filter.setText(event.currentTarget.value)}
          flex={{ md: '1' }}
          bg="bg"
        />
        <HStack gap="3">
          <NativeSelect.Root width={{ base: 'full', md: '52' }} flex={{ base: '1', md: 'none' }}>
            <NativeSelect.Field
              aria-label={t.statusFilter}
              value={filter.status}
              onChange={(event) => filter.setStatus(event.currentTarget.value as OrderListFilter)}
              bg="bg"
            >
              <StatusOptions />
              <option value={TO_VERIFY}>{t.toVerify}</option>
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          {/*
            A toggle: its name stays and aria-pressed tells whether the chime is on (the bell shows it, the title
            says it); the name is the text a laptop shows, so a voice command that reads it finds the button.
          */}
          <Button
            variant="outline"
            onClick={sound.toggleMuted}
            aria-label={t.soundToggle}
            aria-pressed={!sound.muted}
            title={sound.muted ? t.soundOff : t.soundOn}
          >
            {sound.muted ? <BellOffIcon /> : <BellIcon />}
            <Box as="span" hideBelow="md">
              {t.soundToggle}
            </Box>
          </Button>
        </HStack>
      </Flex>
      <HStack gap="3" wrap="wrap">
        {/* The payments waiting for the seller's check, live; one click shows them. */}
        <Button
          variant={filter.status === TO_VERIFY ? 'solid' : 'outline'}
          colorPalette="orange"
          size="sm"
          onClick={() => filter.setStatus(filter.status === TO_VERIFY ? 'all' : TO_VERIFY)}
          aria-pressed={filter.status === TO_VERIFY}
        >
          {/* Named by the words on it, then the count and what it counts ("পেমেন্ট যাচাই ৩টি পেমেন্ট মিলিয়ে দেখা বাকি"). */}
          {t.toVerify}
          <Badge
            colorPalette={toVerify?.count ? 'orange' : 'gray'}
            variant="solid"
            data-testid="to-verify-count"
          >
            {toVerify ? formatToVerify(toVerify) : '…'}
          </Badge>
          <VisuallyHidden>{t.toVerifyWaiting}</VisuallyHidden>
        </Button>
        <Button
          variant="outline"
          colorPalette="brand"
          size="sm"
          loading={bookingAll}
          loadingText={t.courier.booking}
          onClick={() => void bookAllPacked()}
        >
          {t.courier.bookAll}
        </Button>
        <Button variant="outline" size="sm" onClick={() => setExporting(true)}>
          {t.export.open}
        </Button>
        {/* The day's parcels: every order of the status shown (confirmed ones when all are shown). */}
        <Button asChild variant="outline" size="sm">
          <a href={slipsHref({ status: slipStatus })} target="_blank" rel="noopener">
            {t.slipsOfStatus(orderStatusLabel(slipStatus))}
          </a>
        </Button>
      </HStack>
      <CourierCash owed={courierOwed} onRecord={recordPayout} />
      {exporting && <ExportOrdersDialog status={exportStatus} onClose={() => setExporting(false)} />}
      <RejectPaymentDialog
        order={rejecting}
        onReject={(order, reason) => decide({ orderId: order.id, decision: 'reject', reason })}
        onClose={() => setRejecting(null)}
      />
      {moving && (
        <MovePaymentDialog
          key={moving.id}
          order={moving}
          loaded={live.orders}
          onMove={decide}
          onClose={() => setMoving(null)}
        />
      )}
      {refunding && (
        <RecordRefundDialog
          key={refunding.id}
          order={refunding}
          onRecord={refund}
          onClose={() => setRefunding(null)}
        />
      )}

      {live.loading ? (
        <PageSpinner minHeight="30vh" />
      ) : live.failed && live.orders.length === 0 ? (
        <Alert.Root status="error" alignItems="center" gap="3">
          <Alert.Indicator />
          <Alert.Title flex="1">{t.loadError}</Alert.Title>
          <Button size="sm" variant="outline" onClick={live.retry}>
            {t.retry}
          </Button>
        </Alert.Root>
      ) : shown.length === 0 ? (
        <EmptyNote
          icon={filtering ? <SearchIcon /> : <JarIcon />}
          title={filtering ? t.noMatch : t.empty}
          description={filtering ? t.noMatchHint : t.emptyHint}
        >
          {filtering && (
            <Button variant="outline" size="sm" onClick={filter.clear}>
              {t.clearFilters}
            </Button>
          )}
        </EmptyNote>
      ) : (
        <>
          <Text fontSize="sm" color="fg.muted" aria-live="polite">
            {live.hasMore
              ? t.shownCount(formatNumberBn(shown.length))
              : t.count(formatNumberBn(shown.length))}
          </Text>
          <SimpleGrid columns={{ base: 1, lg: 2 }} gap="4">
            {shown.map((order) => (
              <OrderCard
                key={order.id}
                order={order}
                fresh={live.freshIds.has(order.id)}
                updating={updatingIds.has(order.id)}
                customerOpenOrders={openByCustomer.get(order.user_id) ?? 0}
                onStatusChange={(changed, next) => void moveStatus(changed, false, next)}
                reviewing={reviewingIds.has(order.id)}
                onReview={review}
                onUndo={(changed) => void moveStatus(changed, true)}
                onRefund={setRefunding}
                paymentWaitHours={paymentWaitHours}
              />
            ))}
          </SimpleGrid>
          {live.hasMore && (
            <Flex justify="center">
              <Button
                variant="outline"
                onClick={live.loadMore}
                loading={live.loadingMore}
                loadingText={t.loadingMore}
              >
                {t.more}
              </Button>
            </Flex>
          )}
        </>
      )}
    </Stack>
  );
}
