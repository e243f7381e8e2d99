import { Badge, Button, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { courierStateLabel, courierTrackingUrl } from '@/features/ordering/model';
import { ExternalLink } from '@/components/ui/external-link';
import { notifyError, notifySuccess } from '@/components/ui/toaster';
import { refusalReason } from '@/lib/refusal-reason';
import { bookCourier } from '../api/book-courier';
import type { AdminOrder } from '../model/admin-order';
import { adminOrdersTexts } from '../texts';

const t = adminOrdersTexts.courier;

export interface OrderCourierProps {
  order: AdminOrder;
  /** The seller says a parcel cancelled at the door came home: the order moves to returned, its jars back. */
  onCameHome: (order: AdminOrder) => void;
  updating: boolean;
}

/**
 * The card's courier line: "কুরিয়ারে বুক করুন" on a packed order, "বুকিং হয়নি: …" with a retry after a failed
 * booking, the tracking code and the courier's state once booked, and "ফেরত পেয়েছি" for a parcel coming back.
 * Nothing for an order the courier has nothing to do with.
 */
export function OrderCourier({ order, onCameHome, updating }: OrderCourierProps) {
  const [booking, setBooking] = useState(false);
  const packed = order.status === 'preparing' && !order.courier_tracking_code;
  if (!packed && !order.courier_tracking_code) return null;

  async function book() {
    setBooking(true);
    try {
      const result = await bookCourier({ orderIds: [order.id] });
      const [booked] = result.booked;
      if (booked) notifySuccess(t.booked(booked.trackingCode));
      else if (result.failed[0]) notifyError(t.bookError, result.failed[0].error);
    } catch (error) {
      notifyError(t.bookError, refusalReason(error), error);
    } finally {
      setBooking(false);
    }
  }

  const comingBack = order.courier_state === 'cancelled' && order.status === 'delivering';
  return (
    <>
      <Text color="fg.muted" fontSize="sm">
        {t.label}
      </Text>
      <Flex gap="2" align="center" wrap="wrap" fontSize="sm" data-testid="order-courier">
        {order.courier_tracking_code && (
          <ExternalLink href={courierTrackingUrl(order.courier_tracking_code)} fontFamily="mono">
            {t.trackingCode(order.courier_tracking_code)}
          </ExternalLink>
        )}
        {order.courier_state && (
          <Badge colorPalette={comingBack ? 'orange' : 'cyan'} variant="subtle" data-testid="courier-state">
            {courierStateLabel(order.courier_state)}
          </Badge>
        )}
        {comingBack && (
          <Button
            size="xs"
            colorPalette="orange"
            disabled={updating}
            title={t.cameHomeHint}
            onClick={() => onCameHome(order)}
          >
            {t.cameHome}
          </Button>
        )}
        {packed && order.courier_error && (
          <Text color="fg.error" width="full" role="alert" data-testid="courier-error">
            {order.courier_error}
          </Text>
        )}
        {packed && (
          <Button
            size="xs"
            colorPalette="brand"
            loading={booking}
            loadingText={t.booking}
            onClick={() => void book()}
          >
            {order.courier_error ? t.retry : t.book}
          </Button>
        )}
      </Flex>
    </>
  );
}
