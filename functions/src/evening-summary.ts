/**
 * The seller's evening mail (21:00 Dhaka, `eveningSummary` in index.ts): today's orders and revenue beside the
 * same weekday last week, what waits (pending orders, payments to verify) and the low or sold-out jars. It reads
 * the roll-ups, never the orders: the 10 all-time shards, the 10 shards of this month and, when last week's day
 * fell in the month before, its 10; the 20 products with the fewest jars; and one count aggregation of the
 * claimed payments (no documents): at most 50 documents however many orders the shop has.
 */
import type { Firestore } from 'firebase-admin/firestore';
import {
  dhakaDateKey,
  isRevenueStatus,
  monthOfDay,
  ORDER_STATS_COLLECTION,
  readMonthShard,
  readTotalShard,
  talliesFromRollups,
} from '../../src/features/admin-stats/model';
import {
  displayLine,
  fromPoisha,
  lowStockThresholdOf,
  stockLevelOf,
  toBengaliDigits,
} from '../../src/features/ordering/model';
import { formatDayMonth, formatTaka } from '../../src/lib/format';
import { escapeHtml } from '../../src/lib/html';
import { mailOnce, sellerMailRecipient, type MailDocument } from './order-mail';
import { eveningMailTexts } from './order-mail-texts';

const DAY_MS = 24 * 60 * 60 * 1000;
const FEWEST_JARS = 20;

export interface EveningFigures {
  day: string;
  orders: number;
  /** Poisha. */
  revenue: number;
  lastWeekDay: string;
  lastWeekOrders: number;
  lastWeekRevenue: number;
  pending: number;
  toVerify: number;
  lowStock: { name: string; stock: number }[];
  /** Documents read (the aggregation counts none). */
  documentsRead: number;
}

function sum(map: ReadonlyMap<string, number> | undefined, only?: (status: string) => boolean): number {
  let total = 0;
  for (const [status, n] of map ?? []) if (!only || only(status)) total += n;
  return total;
}

export async function eveningFigures(db: Firestore, now: Date): Promise<EveningFigures> {
  const day = dhakaDateKey(now);
  const lastWeekDay = dhakaDateKey(new Date(now.getTime() - 7 * DAY_MS));
  const months = [...new Set([monthOfDay(day), monthOfDay(lastWeekDay)])];
  const stats = db.collection(ORDER_STATS_COLLECTION);
  const [totals, monthShards, products, claimed] = await Promise.all([
    stats.where('kind', '==', 'total').get(),
    stats.where('month', 'in', months).get(),
    db.collection('products').orderBy('stock_quantity').limit(FEWEST_JARS).get(),
    db.collection('orders').where('payment_state', '==', 'claimed').count().get(),
  ]);
  const tallies = talliesFromRollups(
    totals.docs.map((doc) => readTotalShard(doc.data())),
    monthShards.docs.map((doc) => readMonthShard(doc.data())),
  );
  // Revenue counted as the stats tab counts it (the roll-ups keep each status's; older ones hold cancelled totals).
  const lowStock = products.docs
    .map((doc) => ({
      name: displayLine(String(doc.get('name') ?? '')),
      stock: Number(doc.get('stock_quantity') ?? 0),
      threshold: lowStockThresholdOf(doc.data()),
    }))
    .filter((p) => stockLevelOf(p.stock, p.threshold) !== 'in')
    .map(({ name, stock }) => ({ name, stock }));
  return {
    day,
    orders: sum(tallies.days.get(day)?.count),
    revenue: sum(tallies.days.get(day)?.revenue, isRevenueStatus),
    lastWeekDay,
    lastWeekOrders: sum(tallies.days.get(lastWeekDay)?.count),
    lastWeekRevenue: sum(tallies.days.get(lastWeekDay)?.revenue, isRevenueStatus),
    pending: tallies.count.get('pending') ?? 0,
    toVerify: claimed.data().count,
    lowStock,
    documentsRead: totals.size + monthShards.size + products.size,
  };
}

const taka = (poisha: number) => formatTaka(fromPoisha(poisha));
const n = (value: number | string) => toBengaliDigits(value);

/** The evening mail of a day's figures (exported for the console's screenshot of it, tests/console). */
export function eveningMail(to: string, f: EveningFigures): MailDocument {
  const t = eveningMailTexts;
  const lines = [
    t.today(formatDayMonth(f.day), n(f.orders), taka(f.revenue)),
    t.lastWeek(formatDayMonth(f.lastWeekDay), n(f.lastWeekOrders), taka(f.lastWeekRevenue)),
    t.revenueIs,
    t.waiting(n(f.pending), n(f.toVerify)),
    f.lowStock.length === 0
      ? t.noLowStock
      : t.lowStock(
          f.lowStock
            .map((p) => (p.stock <= 0 ? t.soldOutJar(p.name) : t.lowJar(p.name, n(p.stock))))
            .join(', '),
        ),
  ];
  return {
    to,
    message: {
      subject: t.subject(formatDayMonth(f.day), n(f.orders), taka(f.revenue)),
      text: lines.join('\n'),
      html: lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'),
    },
  };
}

export type EveningOutcome = 'mailed' | 'already-mailed' | 'off';

/** Writes the day's mail once (its id is the day's: a second run the same evening writes nothing). */
export async function sendEveningSummary(db: Firestore, now: Date): Promise<EveningOutcome> {
  const to = await sellerMailRecipient(db);
  if (!to) return 'off';
  const figures = await eveningFigures(db, now);
  return mailOnce(db, `evening-${figures.day}`, eveningMail(to, figures));
}
