import { useCallback, useEffect, useMemo } from 'react';
import { Alert, Box, Button, Flex, HStack, Link, Stack, Text } from '@chakra-ui/react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';
import { PageSpinner } from '@/components/ui/page-spinner';
import { formatNumberBn } from '@/lib/format';
import { useLoad } from '@/lib/loadable';
import { adminOrdersTexts } from '../texts';
import { ordersInPages, readOrderForSlip } from '../api/paperwork-orders';
import type { AdminOrder } from '../model/admin-order';
import {
  isSlipPaper,
  MAX_SLIPS_PER_PRINT,
  packingSlip,
  slipRequest,
  type SlipPaper,
  type SlipRequest,
} from '../model/packing-slip';
import { PackingSlipCard } from './packing-slip-card';
import { loadSlipNotes } from '../api/order-history';

const t = adminOrdersTexts.slips;

// What each paper needs of the printer: A4 sheets of two columns with dashed cut lines between the slips, or
// one slip per page of an 80 mm thermal roll (72 mm printable). A screen shows the paper's layout, but a phone
// narrower than an A4 sheet shows its slips one under the other, without scrolling sideways.
const PAPER_CSS: Record<SlipPaper, string> = {
  a4: `
    @page { size: A4; margin: 8mm; }
    .slip-sheet { width: 194mm; display: grid; grid-template-columns: 1fr 1fr; }
    .slip-cell { border: 1px dashed #777; padding: 5mm; break-inside: avoid; }
    @media screen and (max-width: 760px) { .slip-sheet { width: auto; grid-template-columns: 1fr; } }`,
  receipt80: `
    @page { size: 80mm 170mm; margin: 3mm; }
    .slip-sheet { width: 74mm; }
    .slip-cell { padding: 1mm; break-after: page; border-bottom: 1px dashed #777; }
    .slip-cell:last-child { break-after: auto; }`,
};
const PRINT_CSS = `
  @media print {
    html, body { background: #fff !important; }
    .no-print { display: none !important; }
    .slip-sheet { margin: 0 !important; box-shadow: none !important; }
  }`;

interface SlipOrders {
  orders: AdminOrder[];
  /** The seller's notes marked for the slip, per order id. */
  notes: Map<string, string[]>;
  /** More orders of the status exist than one print holds. */
  capped: boolean;
}

async function loadSlipOrders(request: SlipRequest): Promise<SlipOrders> {
  if (request.kind === 'invalid') return { orders: [], notes: new Map(), capped: false };
  if (request.kind === 'order') {
    const order = await readOrderForSlip(request.orderId);
    return { orders: order ? [order] : [], notes: await slipNotesOf(order ? [order] : []), capped: false };
  }
  const orders: AdminOrder[] = [];
  for await (const page of ordersInPages({ status: request.status }, MAX_SLIPS_PER_PRINT + 1)) {
    orders.push(...page);
    break; // one page of one more than the cap tells whether there are more
  }
  const shown = orders.slice(0, MAX_SLIPS_PER_PRINT);
  return { orders: shown, notes: await slipNotesOf(shown), capped: orders.length > MAX_SLIPS_PER_PRINT };
}

async function slipNotesOf(orders: AdminOrder[]): Promise<Map<string, string[]>> {
  const notes = await Promise.all(orders.map((order) => loadSlipNotes(order.id)));
  return new Map(orders.map((order, index) => [order.id, notes[index]]));
}

/**
 * The print view of packing slips (/admin/slips?order=<id> or ?status=<status>, &paper=a4|receipt80): the
 * toolbar chooses the paper and prints; the slips are laid out for that paper on screen as on the page.
 */
export function PackingSlips() {
  const [params, setParams] = useSearchParams();
  const orderParam = params.get('order');
  const statusParam = params.get('status');
  const request = useMemo(() => slipRequest(orderParam, statusParam), [orderParam, statusParam]);
  const paperParam = params.get('paper');
  const paper: SlipPaper = isSlipPaper(paperParam) ? paperParam : 'a4';
  const load = useCallback(() => loadSlipOrders(request), [request]);
  const [result, reload] = useLoad(load);

  useEffect(() => {
    document.title = `${t.pageTitle} — ${paper === 'a4' ? 'A4' : '80mm'}`;
  }, [paper]);

  const choosePaper = (next: SlipPaper) => {
    const changed = new URLSearchParams(params);
    changed.set('paper', next);
    setParams(changed, { replace: true });
  };

  return (
    // The page's one landmark: the slips route has no layout around it (nothing else to print).
    <Box
      as="main"
      bg={{ base: 'gray.100', _print: 'white' }}
      minHeight="100dvh"
      py={{ base: '4', _print: '0' }}
    >
      <style>{PAPER_CSS[paper] + PRINT_CSS}</style>
      <Stack className="no-print" maxWidth="3xl" mx="auto" px="4" mb="4" gap="3">
        <Flex justify="space-between" align="center" gap="3" wrap="wrap">
          <Text as="h1" fontSize="xl" fontWeight="bold">
            {t.pageTitle}
            {result.status === 'loaded' && ` — ${t.count(formatNumberBn(result.data.orders.length))}`}
          </Text>
          <Link asChild color="brand.fg">
            <RouterLink to="/admin">{t.back}</RouterLink>
          </Link>
        </Flex>
        <HStack gap="2" wrap="wrap" role="group" aria-label={t.paper}>
          {(['a4', 'receipt80'] as const).map((option) => (
            <Button
              key={option}
              size="sm"
              variant={paper === option ? 'solid' : 'outline'}
              aria-pressed={paper === option}
              onClick={() => choosePaper(option)}
            >
              {t[option]}
            </Button>
          ))}
          <Button
            size="sm"
            colorPalette="brand"
            onClick={() => window.print()}
            disabled={result.status !== 'loaded' || result.data.orders.length === 0}
          >
            {t.print}
          </Button>
        </HStack>
        {result.status === 'loaded' && result.data.capped && (
          <Alert.Root status="info">
            <Alert.Indicator />
            <Alert.Title>{t.capped(formatNumberBn(MAX_SLIPS_PER_PRINT))}</Alert.Title>
          </Alert.Root>
        )}
      </Stack>

      {request.kind === 'invalid' ? (
        <Notice>{t.badRequest}</Notice>
      ) : result.status === 'loading' ? (
        <PageSpinner minHeight="40vh" />
      ) : result.status === 'failed' ? (
        <Notice action={<Button onClick={reload}>{adminOrdersTexts.retry}</Button>}>{t.loadError}</Notice>
      ) : result.data.orders.length === 0 ? (
        <Notice>{request.kind === 'order' ? t.notFound : t.none}</Notice>
      ) : (
        <Box className="slip-sheet" mx="auto" bg="white" boxShadow="sm">
          {result.data.orders.map((order) => (
            <Box key={order.id} className="slip-cell">
              <PackingSlipCard slip={packingSlip(order)} notes={result.data.notes.get(order.id) ?? []} />
            </Box>
          ))}
        </Box>
      )}
    </Box>
  );
}

function Notice({ children, action }: { children: React.ReactNode; action?: React.ReactNode }) {
  return (
    <Alert.Root status="warning" maxWidth="3xl" mx="auto" role="alert">
      <Alert.Indicator />
      <Alert.Title flex="1">{children}</Alert.Title>
      {action}
    </Alert.Root>
  );
}
