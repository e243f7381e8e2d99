/**
 * Grants or revokes the admin role (roles/{uid}) of the user with an e-mail address.
 *   npx tsx scripts/make-admin.ts <email> [--revoke] [--allow-unverified] [--project <id>] [--production]
 * Only to an account whose e-mail is verified: anyone can sign up with the seller's address before the seller
 * does, and an unverified account proves nothing about who holds it.
 * Against the local emulators by default; with --production against a real Firebase project, signed in
 * through Application Default Credentials (gcloud auth application-default login).
 */
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_PROJECT_ID, useEmulators } from './seed/emulator-env';

export interface MakeAdminOptions {
  email: string;
  revoke?: boolean;
  /** Grant even though the account's e-mail is not verified (e.g. a throwaway local account). */
  allowUnverified?: boolean;
  projectId?: string;
  production?: boolean;
}

export interface MakeAdminResult {
  uid: string;
  email: string;
  projectId: string;
  /** Whether the account has verified its e-mail (a grant to an unverified one needs --allow-unverified). */
  emailVerified: boolean;
  /** What changed: a role granted or revoked, or nothing because it already was so. */
  change: 'granted' | 'revoked' | 'already-admin' | 'was-not-admin';
}

/** A refusal the CLI prints as it is, without a stack trace. */
export class MakeAdminError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MakeAdminError';
  }
}

const EMULATOR_VARIABLES = [
  'FIRESTORE_EMULATOR_HOST',
  'FIREBASE_AUTH_EMULATOR_HOST',
  'FIREBASE_STORAGE_EMULATOR_HOST',
];

function defaultProjectId(): string {
  try {
    const firebaserc = JSON.parse(readFileSync(new URL('../.firebaserc', import.meta.url), 'utf8')) as {
      projects?: { default?: string };
    };
    return firebaserc.projects?.default ?? DEMO_PROJECT_ID;
  } catch {
    return DEMO_PROJECT_ID;
  }
}

function isCredentialProblem(error: unknown): boolean {
  const text = `${(error as { code?: string }).code ?? ''} ${(error as Error).message ?? ''}`;
  return /credential|Could not load the default credentials|invalid_grant|getaddrinfo|metadata/i.test(text);
}

export async function makeAdmin(options: MakeAdminOptions): Promise<MakeAdminResult> {
  const email = options.email.trim().toLowerCase();
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email))
    throw new MakeAdminError(`"${options.email}" is not an e-mail address.`);
  const production = options.production ?? false;
  const projectId = options.projectId ?? (production ? undefined : defaultProjectId());

  if (production) {
    if (!projectId) throw new MakeAdminError('--production needs the real project: add --project <id>.');
    if (projectId.startsWith('demo-')) {
      throw new MakeAdminError(
        `"${projectId}" is a demo project, which exists only in the emulators; drop --production.`,
      );
    }
    // An emulator variable left in the shell would silently send "production" writes to the emulator.
    for (const name of EMULATOR_VARIABLES) delete process.env[name];
  } else {
    useEmulators();
  }

  const app = initializeApp(
    production ? { credential: applicationDefault(), projectId } : { projectId },
    `make-admin-${Date.now()}`,
  );
  const where = production ? `project ${projectId}` : `the emulators (project ${projectId})`;
  try {
    let uid: string;
    let verified: boolean;
    try {
      const user = await getAuth(app).getUserByEmail(email);
      uid = user.uid;
      verified = user.emailVerified;
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'auth/user-not-found') {
        throw new MakeAdminError(`No user with the e-mail ${email} in ${where}. They must sign up first.`);
      }
      if (production && isCredentialProblem(error)) {
        throw new MakeAdminError(
          'No usable Application Default Credentials. Run `gcloud auth application-default login` ' +
            'or set GOOGLE_APPLICATION_CREDENTIALS to a service-account key file, then try again.\n' +
            `(${(error as Error).message})`,
        );
      }
      if (!production && /ECONNREFUSED|fetch failed/i.test(String((error as Error).message))) {
        throw new MakeAdminError('The Auth emulator is not running. Start the emulators first (npm start).');
      }
      throw error;
    }

    const role = getFirestore(app).doc(`roles/${uid}`);
    const current = await role.get();
    const isAdmin = current.exists && current.get('role') === 'admin';
    if (options.revoke) {
      if (!current.exists)
        return { uid, email, projectId: projectId!, emailVerified: verified, change: 'was-not-admin' };
      await role.delete();
      return {
        uid,
        email,
        projectId: projectId!,
        emailVerified: verified,
        change: isAdmin ? 'revoked' : 'was-not-admin',
      };
    }
    if (isAdmin)
      return { uid, email, projectId: projectId!, emailVerified: verified, change: 'already-admin' };
    if (!verified && !options.allowUnverified) {
      throw new MakeAdminError(
        `The account ${email} in ${where} has not verified its e-mail, so nothing shows it belongs to ` +
          'whoever owns that address. Ask them to verify it (the link in the sign-up e-mail), or grant anyway ' +
          'with --allow-unverified. Nothing was changed.',
      );
    }
    await role.set({ user_id: uid, role: 'admin' });
    return { uid, email, projectId: projectId!, emailVerified: verified, change: 'granted' };
  } finally {
    await deleteApp(app);
  }
}

const usage = `Usage: npx tsx scripts/make-admin.ts <email> [--revoke] [--allow-unverified] [--project <id>] [--production]

Grants (or with --revoke takes away) the admin role of the user with this e-mail, if the e-mail is verified.
  --revoke            take the admin role away instead of granting it
  --allow-unverified  grant even though the account has not verified its e-mail
  --project ID        the Firebase project (default: .firebaserc's default, ${DEMO_PROJECT_ID})
  --production        use the real project with Application Default Credentials instead of the emulators
  --help              show this text`;

const messages: Record<MakeAdminResult['change'], string> = {
  granted: 'is now an admin',
  revoked: 'is no longer an admin',
  'already-admin': 'was already an admin; nothing changed',
  'was-not-admin': 'was not an admin; nothing changed',
};

export async function main(argv: string[]): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        revoke: { type: 'boolean' },
        'allow-unverified': { type: 'boolean' },
        project: { type: 'string' },
        production: { type: 'boolean' },
        help: { type: 'boolean', short: 'h' },
      },
    });
  } catch (error) {
    console.error(`${(error as Error).message}\n\n${usage}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (values.help) {
    console.log(usage);
    return 0;
  }
  if (positionals.length !== 1) {
    console.error(`Give exactly one e-mail address.\n\n${usage}`);
    return 2;
  }
  try {
    const result = await makeAdmin({
      email: positionals[0],
      revoke: values.revoke,
      allowUnverified: values['allow-unverified'],
      projectId: values.project,
      production: values.production,
    });
    const unverified = result.emailVerified ? '' : ' (its e-mail is not verified)';
    console.log(
      `${result.email} (${result.uid})${unverified} ${messages[result.change]} in ${result.projectId}.`,
    );
    return 0;
  } catch (error) {
    console.error(error instanceof MakeAdminError ? error.message : `Failed: ${(error as Error).message}`);
    return 1;
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).then((code) => process.exit(code));
}
