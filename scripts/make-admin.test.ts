import { deleteApp, initializeApp, type App } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore, type Firestore } from 'firebase-admin/firestore';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hostAndPort,
  PROJECT_ID,
  startAcharEmulators,
  startAuthAndFunctionsEmulators,
  type AcharEmulators,
  type AuthAndFunctionsEmulators,
} from '../tests/support/emulator-processes';
import { main, makeAdmin, MakeAdminError } from './make-admin';

let achar: AcharEmulators;
let firebaseTools: AuthAndFunctionsEmulators;
let app: App;
let db: Firestore;
let uid: string;
let unverifiedUid: string;

beforeAll(async () => {
  achar = await startAcharEmulators();
  firebaseTools = await startAuthAndFunctionsEmulators(achar, { functions: false });
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

describe('makeAdmin against the emulators', () => {
  it('grants the admin role to the user with that e-mail, in any letter case', async () => {
    expect(await makeAdmin({ email: ' Seller@Achar.test ' })).toEqual({
      uid,
      email: 'seller@achar.test',
      projectId: PROJECT_ID,
      emailVerified: true,
      change: 'granted',
    });
    expect(await role()).toEqual({ user_id: uid, role: 'admin' });
  });

  it('changes nothing when the user already is an admin', async () => {
    expect((await makeAdmin({ email: 'seller@achar.test' })).change).toBe('already-admin');
    expect(await role()).toEqual({ user_id: uid, role: 'admin' });
  });

  it('revokes the role, and says so when there was nothing to revoke', async () => {
    expect((await makeAdmin({ email: 'seller@achar.test', revoke: true })).change).toBe('revoked');
    expect(await role()).toBeUndefined();
    expect((await makeAdmin({ email: 'seller@achar.test', revoke: true })).change).toBe('was-not-admin');
  });

  it('refuses an unknown e-mail clearly, writing nothing', async () => {
    await expect(makeAdmin({ email: 'nobody@achar.test' })).rejects.toThrow(
      new MakeAdminError(
        `No user with the e-mail nobody@achar.test in the emulators (project ${PROJECT_ID}). They must sign up first.`,
      ),
    );
    expect((await db.collection('roles').get()).size).toBe(0);
  });

  it('refuses an account whose e-mail is not verified, writing nothing', async () => {
    await expect(makeAdmin({ email: 'squatter@achar.test' })).rejects.toThrow(/has not verified its e-mail/);
    expect((await db.doc(`roles/${unverifiedUid}`).get()).exists).toBe(false);
  });

  it('grants an unverified account only with --allow-unverified, and says it was unverified', async () => {
    expect(await makeAdmin({ email: 'squatter@achar.test', allowUnverified: true })).toMatchObject({
      uid: unverifiedUid,
      emailVerified: false,
      change: 'granted',
    });
    expect((await db.doc(`roles/${unverifiedUid}`).get()).data()).toEqual({
      user_id: unverifiedUid,
      role: 'admin',
    });
    await makeAdmin({ email: 'squatter@achar.test', revoke: true });
  });

  it('refuses what is not an e-mail address', async () => {
    await expect(makeAdmin({ email: 'seller' })).rejects.toThrow(MakeAdminError);
  });

  it('refuses --production without a real project id, before touching anything', async () => {
    await expect(makeAdmin({ email: 'seller@achar.test', production: true })).rejects.toThrow(/--project/);
    await expect(
      makeAdmin({ email: 'seller@achar.test', production: true, projectId: PROJECT_ID }),
    ).rejects.toThrow(/demo project/);
  });
});

describe('the make-admin command', () => {
  it('prints what it did and exits 0, exits 1 on a refusal and 2 on a usage error', async () => {
    const out = vi.spyOn(console, 'log').mockImplementation(() => {});
    const err = vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(await main(['seller@achar.test'])).toBe(0);
    expect(out).toHaveBeenCalledWith(`seller@achar.test (${uid}) is now an admin in ${PROJECT_ID}.`);
    expect(await main(['nobody@achar.test'])).toBe(1);
    expect(await main(['squatter@achar.test'])).toBe(1);
    expect(err).toHaveBeenLastCalledWith(expect.stringContaining('--allow-unverified'));
    expect(await main(['squatter@achar.test', '--allow-unverified'])).toBe(0);
    expect(out).toHaveBeenLastCalledWith(
      `squatter@achar.test (${unverifiedUid}) (its e-mail is not verified) is now an admin in ${PROJECT_ID}.`,
    );
    expect(await main([])).toBe(2);
    expect(await main(['a@b.c', '--colour'])).toBe(2);
    expect(err).toHaveBeenCalledTimes(4);
    out.mockRestore();
    err.mockRestore();
  });
});
