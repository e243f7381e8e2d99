/**
 * Grants or revokes the admin role (roles/{uid}) of the user with an e-mail address.
 *   npx tsx scripts/make-admin.ts <email> [--uid <uid>] [--yes] [--revoke] [--project <id>] [--production]
 * Only to an account whose e-mail is verified (the security rules and the functions ask for it too: a role
 * record on an unverified account opens nothing), whose address is plain ASCII (a Cyrillic "е" in an otherwise
 * Latin address reads as the shop's own and is someone else's), and only once the operator has seen the
 * account (uid, creation time, sign-in providers) and confirmed it: at the prompt, with --uid naming the same
 * account, or with --yes in a script.
 * Against the local emulators by default; with --production against a real Firebase project, signed in
 * through Application Default Credentials (gcloud auth application-default login).
 */
import { applicationDefault, deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth, type UserRecord } from 'firebase-admin/auth';
import { getFirestore } from 'firebase-admin/firestore';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline/promises';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import { DEMO_PROJECT_ID, useEmulators } from './seed/emulator-env';

/** The account a grant or revoke is about, as the operator is shown it before confirming. */
export interface AdminAccount {
  uid: string;
  email: string;
  /** Whether Firebase Auth has the e-mail verified (a grant needs it). */
  emailVerified: boolean;
  /** When the account was created, as Firebase Auth says (UTC). */
  createdAt: string;
  /** How it signs in: 'password', 'google.com', 'phone'… */
  providers: string[];
}

export interface MakeAdminOptions {
  email: string;
  /** The account's uid as the operator knows it: the grant goes ahead only if the address names this account. */
  uid?: string;
  revoke?: boolean;
  /** Grant without asking (scripts). */
  yes?: boolean;
  /** Asked before a grant (unless `yes` or `uid`), with the account; the grant needs true. */
  confirm?: (account: AdminAccount) => Promise<boolean>;
  projectId?: string;
  production?: boolean;
}

export interface MakeAdminResult {
  account: AdminAccount;
  projectId: string;
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

/**
 * Why an address cannot name an admin, or null when it can: it must be plain printable ASCII. Letters of other
 * scripts that look like Latin ones (Cyrillic "е", "а", "о", Greek "ο"…) make an address that reads as the
 * shop's own and belongs to whoever registered it; an admin's address has no reason to hold one.
 */
export function addressProblem(address: string): string | null {
  const characters = [...address];
  const foreign = characters.findIndex((character) => !/^[\x21-\x7e]$/.test(character));
  if (foreign !== -1) {
    const character = characters[foreign]!;
    const code = character.codePointAt(0)!.toString(16).toUpperCase().padStart(4, '0');
    return (
      `"${address}" holds a character that is not plain ASCII: "${character}" (U+${code}) at position ` +
      `${foreign + 1}. A letter from another script can look exactly like a Latin one, so the address may ` +
      "read as the shop's own and be someone else's; an admin's address must be plain ASCII. Nothing was changed."
    );
  }
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(address)) return `"${address}" is not an e-mail address.`;
  return null;
}

function accountOf(user: UserRecord, email: string): AdminAccount {
  return {
    uid: user.uid,
    email: user.email ?? email,
    emailVerified: user.emailVerified,
    createdAt: new Date(user.metadata.creationTime).toISOString(),
    providers: user.providerData.map((provider) => provider.providerId),
  };
}

export async function makeAdmin(options: MakeAdminOptions): Promise<MakeAdminResult> {
  const email = options.email.trim().toLowerCase();
  const problem = addressProblem(email);
  if (problem) throw new MakeAdminError(problem);
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
    let user: UserRecord;
    try {
      user = await getAuth(app).getUserByEmail(email);
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
    const account = accountOf(user, email);
    const uid = account.uid;
    if (options.uid !== undefined && options.uid !== uid) {
      throw new MakeAdminError(
        `${email} in ${where} is the account ${uid}, not ${options.uid}. Nothing was changed.`,
      );
    }
    const result = (change: MakeAdminResult['change']): MakeAdminResult => ({
      account,
      projectId: projectId!,
      change,
    });

    const role = getFirestore(app).doc(`roles/${uid}`);
    const current = await role.get();
    const isAdmin = current.exists && current.get('role') === 'admin';
    if (options.revoke) {
      if (!current.exists) return result('was-not-admin');
      await role.delete();
      return result(isAdmin ? 'revoked' : 'was-not-admin');
    }
    if (isAdmin) return result('already-admin');
    if (!account.emailVerified) {
      throw new MakeAdminError(
        `The account ${email} (${uid}) in ${where} has not verified its e-mail, so nothing shows it belongs to ` +
          'whoever owns that address, and the security rules would not treat it as an admin anyway. Ask them ' +
          'to open the link in the verification mail the shop sent at sign-up (locally: the emulator ' +
          "console's Authentication page), then try again. Nothing was changed.",
      );
    }
    const confirmed =
      options.yes === true || options.uid !== undefined || (await options.confirm?.(account)) === true;
    if (!confirmed) throw new MakeAdminError('Not confirmed. Nothing was changed.');
    await role.set({ user_id: uid, role: 'admin' });
    return result('granted');
  } finally {
    await deleteApp(app);
  }
}

const usage = `Usage: npx tsx scripts/make-admin.ts <email> [--uid <uid>] [--yes] [--revoke] [--project <id>] [--production]

Grants (or with --revoke takes away) the admin role of the user with this e-mail. A grant needs a verified,
plain-ASCII address and a confirmation: it shows the account (uid, creation time, sign-in providers) and asks.
  --uid UID           the account's uid as you know it (e.g. from the Firebase console): grants without asking,
                      and only if the address names this very account
  --yes               grants without asking (for scripts)
  --revoke            take the admin role away instead of granting it
  --project ID        the Firebase project (default: .firebaserc's default, ${DEMO_PROJECT_ID})
  --production        use the real project with Application Default Credentials instead of the emulators
  --help              show this text`;

const messages: Record<MakeAdminResult['change'], string> = {
  granted: 'is now an admin',
  revoked: 'is no longer an admin',
  'already-admin': 'was already an admin; nothing changed',
  'was-not-admin': 'was not an admin; nothing changed',
};

/** The account as the operator checks it: who it is, since when, and how it signs in. */
export function describeAccount(account: AdminAccount): string {
  return [
    `  e-mail:    ${account.email} (${account.emailVerified ? 'verified' : 'NOT verified'})`,
    `  uid:       ${account.uid}`,
    `  created:   ${account.createdAt}`,
    `  providers: ${account.providers.length ? account.providers.join(', ') : '(none)'}`,
  ].join('\n');
}

export interface Terminal {
  /** Whether a person can answer (stdin is a terminal). */
  interactive: boolean;
  ask(question: string): Promise<string>;
}

const processTerminal: Terminal = {
  interactive: Boolean(process.stdin.isTTY),
  async ask(question) {
    const lines = createInterface({ input: process.stdin, output: process.stdout });
    try {
      return await lines.question(question);
    } finally {
      lines.close();
    }
  },
};

export async function main(argv: string[], terminal: Terminal = processTerminal): Promise<number> {
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: {
        uid: { type: 'string' },
        yes: { type: 'boolean', short: 'y' },
        revoke: { type: 'boolean' },
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
  let shown = false;
  try {
    const result = await makeAdmin({
      email: positionals[0],
      uid: values.uid,
      yes: values.yes,
      revoke: values.revoke,
      projectId: values.project,
      production: values.production,
      async confirm(account) {
        console.log(`The account:\n${describeAccount(account)}`);
        shown = true;
        if (!terminal.interactive) {
          throw new MakeAdminError(
            'No terminal to confirm on: run it again with --uid <uid> (the uid above) or --yes. Nothing was changed.',
          );
        }
        const answer = await terminal.ask(`Make ${account.email} an admin? [y/N] `);
        return /^(y|yes)$/i.test(answer.trim());
      },
    });
    if (!shown) console.log(`The account:\n${describeAccount(result.account)}`);
    console.log(
      `${result.account.email} (${result.account.uid}) ${messages[result.change]} in ${result.projectId}.`,
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
