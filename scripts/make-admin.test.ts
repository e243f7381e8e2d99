import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hostAndPort,
  PROJECT_ID,
  startAcharEmulators,
  startAuthEmulator,
  type AcharEmulators,
  type AuthEmulator,
} from '../tests/support/emulator-processes';
import { addressProblem, main, makeAdmin, MakeAdminError } from './make-admin';

let achar: AcharEmulators;
let firebaseTools: AuthEmulator;
let app: App;
let db: Firestore;
let uid: string;
let unverifiedUid: string;

beforeAll(async () => {
  achar = await startAcharEmulators();
  firebaseTools = await startAuthEmulator(achar);
  process.env.FIRESTORE_EMULATOR_HOST = hostAndPort(achar.firestore);
  process.env.FIREBASE_AUTH_EMULATOR_HOST = hostAndPort(firebaseTools.auth);
  app = initializeApp({ projectId: PROJECT_ID }, 'make-admin-test');
  db = getFirestore(app);
  uid = (
    await getAuth(app).createUser({ email: 'seller@achar.test', password: 'secret123', emailVerified: true })
  ).uid;
  unverifiedUid = (await getAuth(app).createUser({ email: 'squatter@achar.test', password: 'secret123' }))
    .uid;
});

afterAll(async () => {
  if (app) await deleteApp(app);
  await firebaseTools?.stop();
  await achar?.stop();
});

const role = async () => (await db.doc(`roles/${uid}`).get()).data();
const terminal = (answer: string | null) => ({
  interactive: answer !== null,
  ask: vi.fn(async () => answer ?? ''),
});

describe('makeAdmin against the emulators', () => {
  it('grants the admin role to the user with that e-mail, in any letter case, once confirmed', async () => {
    const confirm = vi.fn(async () => true);
    const result = await makeAdmin({ email: ' Seller@Achar.test ', confirm });
    expect(result).toMatchObject({
      account: { uid, email: 'seller@achar.test', emailVerified: true, providers: ['password'] },
      projectId: PROJECT_ID,
      change: 'granted',
    });
    // What the operator was shown before saying yes: the account, its creation time and how it signs in.
    expect(confirm).toHaveBeenCalledWith(result.account);
    expect(Date.parse(result.account.createdAt)).toBeGreaterThan(Date.now() - 3_600_000);
    expect(await role()).toEqual({ user_id: uid, role: 'admin' });
  });

  it('changes nothing when the user already is an admin', async () => {
    expect((await makeAdmin({ email: 'seller@achar.test', yes: true })).change).toBe('already-admin');
    expect(await role()).toEqual({ user_id: uid, role: 'admin' });
  });

  it('revokes the role, and says so when there was nothing to revoke', async () => {
    expect((await makeAdmin({ email: 'seller@achar.test', revoke: true })).change).toBe('revoked');
    expect(await role()).toBeUndefined();
    expect((await makeAdmin({ email: 'seller@achar.test', revoke: true })).change).toBe('was-not-admin');
  });

  it('grants nothing unless confirmed: a "no", no answer, or a --uid of another account', async () => {
    await expect(makeAdmin({ email: 'seller@achar.test', confirm: async () => false })).rejects.toThrow(
      new MakeAdminError('Not confirmed. Nothing was changed.'),
    );
    await expect(makeAdmin({ email: 'seller@achar.test' })).rejects.toThrow(/Not confirmed/);
    await expect(makeAdmin({ email: 'seller@achar.test', uid: unverifiedUid })).rejects.toThrow(
      `seller@achar.test in the emulators (project ${PROJECT_ID}) is the account ${uid}, not ${unverifiedUid}.`,
    );
    expect(await role()).toBeUndefined();
    // --uid naming the very account is the confirmation.
    expect((await makeAdmin({ email: 'seller@achar.test', uid })).change).toBe('granted');
    await makeAdmin({ email: 'seller@achar.test', revoke: true });
  });

  it('refuses an unknown e-mail clearly, writing nothing', async () => {
    await expect(makeAdmin({ email: 'nobody@achar.test', yes: true })).rejects.toThrow(
      new MakeAdminError(
        `No user with the e-mail nobody@achar.test in the emulators (project ${PROJECT_ID}). They must sign up first.`,
      ),
    );
    expect((await db.collection('roles').get()).size).toBe(0);
  });

  it('refuses an account whose e-mail is not verified, even with --yes or its uid, writing nothing', async () => {
    for (const confirmation of [{ yes: true }, { uid: unverifiedUid }]) {
      await expect(makeAdmin({ email: 'squatter@achar.test', ...confirmation })).rejects.toThrow(
        /has not verified its e-mail.*the security rules would not treat it as an admin anyway/,
      );
    }
    expect((await db.doc(`roles/${unverifiedUid}`).get()).exists).toBe(false);
  });

  it('refuses an address with a look-alike letter from another script, saying which and why', async () => {
    // "sеller" with a Cyrillic е (U+0435): reads as the seller's address, is another one.
    const refusal = makeAdmin({ email: 's\u0435ller@achar.test', yes: true });
    await expect(refusal).rejects.toThrow(MakeAdminError);
    await expect(refusal).rejects.toThrow(
      /not plain ASCII: "е" \(U\+0435\) at position 2\. A letter from another script can look exactly like a Latin one/,
    );
    expect((await db.collection('roles').get()).size).toBe(0);
    expect(addressProblem('seller@achar.test')).toBeNull();
    for (const address of [
      'sеller@achar.test',
      'seller@аchar.test',
      'séller@achar.test',
      'seller@achar.test\u200b',
    ])
      expect(addressProblem(address)).toMatch(/not plain ASCII/);
  });

  it('refuses what is not an e-mail address', async () => {
    await expect(makeAdmin({ email: 'seller', yes: true })).rejects.toThrow(MakeAdminError);
  });

  it('refuses --production without a real project id, before touching anything', async () => {
    await expect(makeAdmin({ email: 'seller@achar.test', production: true })).rejects.toThrow(/--project/);
    await expect(
      makeAdmin({ email: 'seller@achar.test', production: true, projectId: PROJECT_ID }),
    ).rejects.toThrow(/demo project/);
  });
});

describe('the make-admin command', () => {
  it('shows the account, asks, and exits 0 when granted; 1 on a refusal or a "no"; 2 on a usage error', async () => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const no = terminal('n');
      expect(await main(['seller@achar.test'], no)).toBe(1);
      expect(no.ask).toHaveBeenCalledWith('Make seller@achar.test an admin? [y/N] ');
      expect(err).toHaveBeenLastCalledWith('Not confirmed. Nothing was changed.');
      expect(await role()).toBeUndefined();

      const yes = terminal('y');
      expect(await main(['seller@achar.test'], yes)).toBe(0);
      const shown = out.mock.calls.map((call) => String(call[0])).join('\n');
      expect(shown).toContain(`uid:       ${uid}`);
      expect(shown).toContain('providers: password');
      expect(shown).toMatch(/created: {3}\d{4}-\d\d-\d\dT/);
      expect(out).toHaveBeenLastCalledWith(`seller@achar.test (${uid}) is now an admin in ${PROJECT_ID}.`);
      await makeAdmin({ email: 'seller@achar.test', revoke: true });

      // No terminal (a script): refused unless --yes or --uid says so.
      expect(await main(['seller@achar.test'], terminal(null))).toBe(1);
      expect(err).toHaveBeenLastCalledWith(expect.stringContaining('No terminal to confirm on'));
      expect(await main(['seller@achar.test', '--uid', uid], terminal(null))).toBe(0);
      expect(await main(['seller@achar.test', '--revoke'], terminal(null))).toBe(0);
      expect(await main(['seller@achar.test', '--yes'], terminal(null))).toBe(0);

      expect(await main(['nobody@achar.test', '--yes'], terminal(null))).toBe(1);
      expect(await main(['squatter@achar.test', '--yes'], terminal(null))).toBe(1);
      expect(await main(['squatter@achar.test', '--allow-unverified'], terminal(null))).toBe(2);
      expect(await main([])).toBe(2);
      expect(await main(['a@b.c', '--colour'])).toBe(2);
    } finally {
      out.mockRestore();
      err.mockRestore();
    }
  });
});
