/**
 * The console's one extension point: what a project adds to it, so the console itself names none of the
 * project's collections, roles, routes or jobs. The project passes this object when it starts the console
 * (`startConsole({ extensions })`; the shop's is `scripts/stack/console-extensions.ts`); without one the console
 * shows only what every Firebase project has.
 *
 * Labels are the project's own words: one text shown as it is whatever the page's language, or one per language
 * of the console (the shop gives both).
 */

/** A project's label: the same in every language, or Bengali and English. */
export type Label = string | { bn: string; en: string };

/** A link on the Overview page, e.g. the app the Hosting emulator serves, or its admin pages. */
export interface ConsoleLink {
  label: Label;
  href: string;
}

/**
 * A role the project keeps for its Auth users in its own data (e.g. an admin flag in a Firestore document):
 * the Auth page shows who holds it and grants or revokes it per user.
 */
export interface UserRole {
  /** Names the role in the console's API (`/api/user-roles/{id}`): letters, digits and `-`. */
  id: string;
  /** The mark a holder gets in the users table. */
  label: Label;
  grantLabel: Label;
  revokeLabel: Label;
  /** The uids that hold the role now. */
  holders(context: ExtensionContext): Promise<string[]>;
  /** Grants (`held`) or revokes the role of `uid`. */
  set(uid: string, held: boolean, context: ExtensionContext): Promise<void>;
}

/** Where the running emulators are, for an extension that reads or writes the project's data. */
export interface ExtensionContext {
  projectId: string;
  /** The Firestore emulator's origin, e.g. http://127.0.0.1:8080 (a test may run it on any port). */
  firestoreOrigin: string;
}

/**
 * The outbox of Firebase's "Trigger Email from Firestore" extension: the top-level collection it watches
 * (its default is `mail`). The extension does not run locally; the console's Mail page shows each message
 * written there as it would arrive.
 */
export interface MailOutbox {
  collection: string;
}

/**
 * The outbox of Firebase's Twilio "Send Message" extension: the top-level collection it watches, whose
 * documents are `{ to, body }` and get a `delivery` once sent. It does not run locally either; the console's
 * SMS page shows each message as the phone would.
 */
export interface SmsOutbox {
  collection: string;
}

/** One run of a scheduled job, as the Schedules page shows it (times are ISO strings). */
export interface ScheduledJobRun {
  /** 'schedule': it came due; 'manual': "run now". */
  cause: 'schedule' | 'manual';
  scheduleTime: string;
  startedAt: string;
  endedAt: string | null;
  outcome: 'running' | 'succeeded' | 'failed' | 'skipped';
  /** Why it failed or was skipped. */
  error?: string;
}

/** A job the project runs on a schedule while the emulators run (e.g. its scheduled functions). */
export interface ScheduledJob {
  /** Names the job in the console's API (`/api/scheduled-jobs/{name}/run`). */
  name: string;
  /** As the project declares it (e.g. "every 15 minutes", "0 21 * * *"). */
  schedule: string;
  /** What it runs on here, when a local override shortens it; else the same as `schedule`. */
  effectiveSchedule: string;
  timeZone: string;
  nextRunAt: string | null;
  /** Runs under way now. */
  running: number;
  lastRun: ScheduledJobRun | null;
  /** Why the job does not run here, or null. */
  problem: string | null;
}

/**
 * The project's scheduled jobs: the Schedules page lists them and runs one now. `runNow` resolves with the
 * finished run; a refusal may carry an HTTP `status` (404 unknown job, 409 already running) for the API.
 */
export interface ScheduledJobs {
  list(): Promise<ScheduledJob[]>;
  runNow(name: string): Promise<ScheduledJobRun>;
}

export interface ConsoleExtensions {
  links?: readonly ConsoleLink[];
  userRoles?: readonly UserRole[];
  mail?: MailOutbox;
  sms?: SmsOutbox;
  scheduledJobs?: ScheduledJobs;
}

/** What the page learns of the extensions (GET /api/config): labels and ids, never the functions. */
export interface ExtensionsForPage {
  links: ConsoleLink[];
  userRoles: { id: string; label: Label; grantLabel: Label; revokeLabel: Label }[];
  /** null: the project has no outbox, and the console shows no Mail page. */
  mail: MailOutbox | null;
  /** null: the project has no SMS outbox, and the console shows no SMS page. */
  sms: SmsOutbox | null;
  /** false: the project runs no scheduled jobs, and the console shows no Schedules page. */
  scheduledJobs: boolean;
}

const ROLE_ID = /^[a-z0-9-]+$/i;
// A top-level collection id as Firestore allows one: no "/", not "." or "..", not __reserved__.
const COLLECTION_ID = /^(?!\.\.?$)(?!__.*__$)[^/]{1,1500}$/;

const labelText = (label: Label): string => (typeof label === 'string' ? label : label.en);

/** Checks what a project passes, once at start, so a mistake is a clear error and not a broken page. */
export function checkExtensions(extensions: ConsoleExtensions = {}): ConsoleExtensions {
  const ids = new Set<string>();
  for (const role of extensions.userRoles ?? []) {
    if (!ROLE_ID.test(role.id))
      throw new Error(`Console user role id "${role.id}": use letters, digits and "-" only.`);
    if (ids.has(role.id)) throw new Error(`Console user role id "${role.id}" is given twice.`);
    ids.add(role.id);
  }
  for (const kind of ['mail', 'sms'] as const) {
    const outbox = extensions[kind]?.collection;
    if (outbox !== undefined && !COLLECTION_ID.test(outbox))
      throw new Error(`Console ${kind} outbox "${outbox}": name one top-level collection, without "/".`);
  }
  for (const link of extensions.links ?? []) {
    if (!/^https?:\/\//.test(link.href))
      throw new Error(`Console link "${labelText(link.label)}": "${link.href}" is not an http(s) address.`);
  }
  return extensions;
}

export function extensionsForPage(extensions: ConsoleExtensions = {}): ExtensionsForPage {
  return {
    links: (extensions.links ?? []).map(({ label, href }) => ({ label, href })),
    userRoles: (extensions.userRoles ?? []).map(({ id, label, grantLabel, revokeLabel }) => ({
      id,
      label,
      grantLabel,
      revokeLabel,
    })),
    mail: extensions.mail ? { collection: extensions.mail.collection } : null,
    sms: extensions.sms ? { collection: extensions.sms.collection } : null,
    scheduledJobs: extensions.scheduledJobs !== undefined,
  };
}
