import { Box, Flex, Grid, Text } from '@chakra-ui/react';
import { shop } from '@/config/shop';
import { formatNumberBn, formatTaka } from '@/lib/format';
import { formatDateTime } from '@/lib/format';
import { adminOrdersTexts } from '../texts';
import type { PackingSlip } from '../model/packing-slip';
import { OrderNumberCode } from './order-number-code';

const t = adminOrdersTexts.slips;

function Line({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <>
      <Text color="gray.700">{label}</Text>
      <Box fontWeight="semibold" minWidth="0" overflowWrap="anywhere">
        {children}
      </Box>
    </>
  );
}

/** What the courier does about money at the door, in one line. */
function collectLine(slip: PackingSlip): string {
  if (slip.collectOnDelivery === null)
    return slip.paidTrxId === null ? t.nothingToCollect : t.paid(slip.paidTrxId);
  if (slip.paidBefore > 0) return t.balance(formatTaka(slip.collectOnDelivery), formatTaka(slip.paidBefore));
  return `${t.collect}: ${formatTaka(slip.collectOnDelivery)}`;
}

/** One slip: who sends, who receives, what is inside and what the courier collects. Black on white for print. */
export function PackingSlipCard({ slip, notes = [] }: { slip: PackingSlip; notes?: readonly string[] }) {
  return (
    <Box
      as="article"
      className="packing-slip"
      aria-label={t.order(slip.orderNumber)}
      data-order-id={slip.orderId}
      color="black"
      bg="white"
      fontSize="11pt"
      lineHeight="1.35"
    >
      <Flex justify="space-between" align="flex-start" gap="3">
        <Box minWidth="0">
          <Text fontWeight="bold" fontSize="12pt">
            {shop.name}
          </Text>
          <Text fontSize="9pt">{t.shopPhone(shop.phone)}</Text>
          <Text fontWeight="bold" fontSize="14pt" fontFamily="mono" mt="1">
            {t.order(slip.orderNumber)}
          </Text>
          {slip.createdAt && (
            <Text fontSize="9pt">
              {t.date}: {formatDateTime(slip.createdAt)}
            </Text>
          )}
        </Box>
        <OrderNumberCode value={slip.orderNumber} label={t.codeLabel(slip.orderNumber)} size="24mm" />
      </Flex>
      <Grid templateColumns="auto 1fr" columnGap="3" rowGap="0.5" mt="2">
        {/* Typed text in <bdi>, the address's lines inside its own field (packingSlip has cleaned them). */}
        <Line label={t.to}>
          <bdi>{slip.customerName}</bdi>
        </Line>
        <Line label={t.phone}>
          <bdi>{slip.customerPhone}</bdi>
        </Line>
        <Line label={t.address}>
          <Box as="bdi" display="block" whiteSpace="pre-line">
            {slip.customerAddress}
          </Box>
        </Line>
        <Line label={t.product}>
          <bdi>{slip.productName}</bdi>
        </Line>
        <Line label={t.quantityTimesPrice}>
          {formatNumberBn(slip.quantity)} × {formatTaka(slip.unitPrice)}
        </Line>
        <Line label={t.total}>{formatTaka(slip.total)}</Line>
        <Line label={t.payment}>{slip.paymentLabel}</Line>
        {slip.trackingCode && (
          <Line label={t.trackingCode}>
            <Text as="span" fontFamily="mono" fontWeight="bold" data-testid="slip-tracking-code">
              {slip.trackingCode}
            </Text>
          </Line>
        )}
        {notes.length > 0 && (
          <Line label={t.note}>
            {notes.map((note, index) => (
              <Box as="bdi" key={index} display="block" whiteSpace="pre-line" data-testid="slip-note">
                {note}
              </Box>
            ))}
          </Line>
        )}
      </Grid>
      <Box mt="2" borderWidth="2px" borderColor="black" px="2" py="1" fontWeight="bold" fontSize="13pt">
        <Text data-testid="slip-collect">{collectLine(slip)}</Text>
        {slip.unverifiedPayment && (
          <Text fontSize="11pt" data-testid="slip-unverified">
            {t.payment}: {slip.unverifiedPayment}
          </Text>
        )}
      </Box>
    </Box>
  );
}
