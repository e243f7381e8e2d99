/**
 * The scheduled eveningSummary as deployed: the shop's function in firebase-tools' Functions emulator (the
 * integration suites' shared shop), run by the shop's local scheduler through the console's "run now" (its
 * declared 21:00 is hours away). It is listed on its schedule, mails the seller the day's figures as the
 * function computes them from the shop's data, once: a second run the same day writes no other mail.
 * That the figures equal a recount of the orders is functions/src/evening-summary.emulator.test.ts; that a job
 * runs by itself when it comes due, emulators/src/scheduler/scheduler.test.ts and
 * tests/start/start-from-snapshot.test.ts.
 *
 * Runs alone (vitest.config.ts): it turns the seller's mail on, and no other suite's orders change the figures
 * between the run and the figures read here.
 */
import type { DocumentData } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ScheduledJob, ScheduledJobRun } from '../../emulators/src/console-server/extensions';
import { dhakaDateKey } from '../../src/features/admin-stats/model';
import { eveningFigures, eveningMail } from '../../functions/src/evening-summary';
import { CONSOLE_URL } from '../console/console-page';
import { shopAdminFirestore } from '../support/shop-browser';

const db = shopAdminFirestore();
const notifications = db.doc('settings/notifications');
const SELLER = 'seller@example.com';
let mailSettingsBefore: DocumentData | undefined;

async function runNow(name: string): Promise<ScheduledJobRun> {
  const answer = await fetch(`${CONSOLE_URL}/api/scheduled-jobs/${name}/run`, { method: 'POST' });
  expect(answer.status).toBe(200);
  return (await answer.json()) as ScheduledJobRun;
}

beforeAll(async () => {
  mailSettingsBefore = (await notifications.get()).data();
  await notifications.set({ order_mail_enabled: true, order_mail_to: SELLER });
});

afterAll(async () => {
  if (mailSettingsBefore) await notifications.set(mailSettingsBefore);
  else await notifications.delete();
});

describe('eveningSummary in the shop, run by the local scheduler', () => {
  it("is listed at 21:00 Dhaka, mails the seller the day's figures, and mails once a day", async () => {
    const { jobs } = (await (await fetch(`${CONSOLE_URL}/api/scheduled-jobs`)).json()) as {
      jobs: ScheduledJob[];
    };
    expect(jobs.find((job) => job.name === 'eveningSummary')).toMatchObject({
      schedule: 'every day 21:00',
      timeZone: 'Asia/Dhaka',
      problem: null,
    });
    const mail = db.doc(`mail/evening-${dhakaDateKey(new Date())}`);
    await mail.delete(); // a run of the shop's own at 21:00 Dhaka, if the suites ran over it

    // The first run starts the function's worker: seconds on a busy machine.
    expect(await runNow('eveningSummary')).toMatchObject({ cause: 'manual', outcome: 'succeeded' });
    const sent = await mail.get();
    const expected = eveningMail(SELLER, await eveningFigures(db, new Date()));
    expect(sent.data()).toMatchObject({ to: SELLER, message: expected.message });

    // A later run the same day finds the day's mail and writes it no more.
    expect(await runNow('eveningSummary')).toMatchObject({ cause: 'manual', outcome: 'succeeded' });
    const after = await mail.get();
    expect(after.updateTime?.isEqual(sent.updateTime!)).toBe(true);
    expect(after.get('message')).toEqual(sent.get('message'));
  }, 180_000);
});
