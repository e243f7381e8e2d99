/**
 * REST transport: the Firestore v1 HTTP/JSON API (used by the web SDK for unary calls, the lite SDK and
 * firebase-admin with preferRest), plus the emulator's own endpoints used by @firebase/rules-unit-testing.
 * A route only reads its request from the URL and body; the operation table (../operations.ts) answers it.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Caller } from '../../shared/auth-token.js';
import { callerFromAuthorization } from '../../shared/auth-token.js';
import type { RulesSource } from '../../shared/rules-source.js';
import type { ServiceCoverage } from '../../console-server/request-log.js';
import { coverageHtml } from '../../rules/coverage-html.js';
import type { FirestoreEngine } from '../engine.js';
import { asFirestoreError, FirestoreError, invalidArgument, notFound, unauthenticated } from '../errors.js';
import type { ServerStreamingMethod, UnaryMethod } from '../operations.js';
import { callServerStreaming, callUnary } from '../operations.js';
import type { PreconditionJson, v1 } from '../types.js';
import { canonicalJson } from './protos.js';
import type { FunctionTriggers } from '../triggers/function-triggers.js';
import { TriggerRegistryError } from '../triggers/registry.js';
import { readBody } from '../../shared/http/request.js';
import { decodePathSegment, MAX_BODY_BYTES, parseJsonBody, sendError, sendJson } from './http-util.js';

export interface RestContext {
  engine: FirestoreEngine;
  rules: RulesSource;
  /** Writes the current data to the export folder (POST /emulator/v1/projects/{p}:export). */
  exportData?: (dir?: string) => Promise<string>;
  /** The rule coverage since start or reset (GET /emulator/v1/projects/{p}:ruleCoverage[.html]); absent: not counted. */
  ruleCoverage?: () => ServiceCoverage;
  /** Cloud Functions triggers (the emulator was given a Functions emulator); none: registering one fails. */
  triggers?: FunctionTriggers;
}

/** A `:verb` route: the method it calls, and whether the URL names the request's database or its parent. */
type VerbRoute =
  | { method: UnaryMethod; scope: 'database' | 'parent'; streaming: false }
  | { method: ServerStreamingMethod; scope: 'database' | 'parent'; streaming: true };

const VERBS = new Map<string, VerbRoute>([
  ['commit', { method: 'Commit', scope: 'database', streaming: false }],
  ['batchGet', { method: 'BatchGetDocuments', scope: 'database', streaming: true }],
  ['beginTransaction', { method: 'BeginTransaction', scope: 'database', streaming: false }],
  ['rollback', { method: 'Rollback', scope: 'database', streaming: false }],
  ['runQuery', { method: 'RunQuery', scope: 'parent', streaming: true }],
  ['runAggregationQuery', { method: 'RunAggregationQuery', scope: 'parent', streaming: true }],
  ['batchWrite', { method: 'BatchWrite', scope: 'database', streaming: false }],
  ['listCollectionIds', { method: 'ListCollectionIds', scope: 'parent', streaming: false }],
  ['partitionQuery', { method: 'PartitionQuery', scope: 'parent', streaming: false }],
]);

const DOCS_RE = /^\/v1(?:beta1)?\/(projects\/[^/]+\/databases\/[^/]+\/documents)(\/[^:]*)?(?::([A-Za-z]+))?$/;

function callerOf(req: IncomingMessage): Caller {
  return callerFromAuthorization(req.headers.authorization, unauthenticated);
}

/** Handles the request if it is a REST or emulator route; returns false for routes it does not know. */
export async function handleRest(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  try {
    if (path.startsWith('/emulator/')) return await handleEmulatorApi(ctx, req, res, url);
    const match = DOCS_RE.exec(path);
    if (!match) return false;
    const root = match[1];
    const rest = (match[2] ?? '').split('/').filter(Boolean).map(decodePathSegment);
    const verb = match[3];
    const name = rest.length > 0 ? `${root}/${rest.join('/')}` : root;
    const database = root.slice(0, -'/documents'.length);
    const caller = callerOf(req);
    const { engine } = ctx;

    if (verb) {
      // Production has no such route (an HTTP method the API does not bind): 404, not a server error.
      if (req.method !== 'POST') throw notFound(`${req.method} is not allowed on :${verb}`);
      const body = parseJsonBody(await readBody(req, MAX_BODY_BYTES)) as Record<string, unknown>;
      const route = VERBS.get(verb);
      if (!route) throw notFound(`Unknown method :${verb}`);
      // The URL names the database (or the query's parent); the body carries the rest of the request.
      const scope = route.scope === 'database' ? { database } : { parent: name };
      const decode = <T>(requestType: string) => canonicalJson<T>(requestType, { ...body, ...scope });
      const answer = route.streaming
        ? callServerStreaming(engine, route.method, caller, decode, verb)
        : callUnary(engine, route.method, caller, decode, verb);
      return reply(res, await answer);
    }

    const isDocument = rest.length > 0 && rest.length % 2 === 0;
    const mask = url.searchParams.getAll('mask.fieldPaths');
    const maskOption = mask.length > 0 ? { fieldPaths: mask } : undefined;
    const collectionRoute = () => ({
      parent: `${root}${rest.length > 1 ? '/' + rest.slice(0, -1).join('/') : ''}`,
      collectionId: rest[rest.length - 1],
    });
    switch (req.method) {
      case 'GET':
        if (isDocument) {
          return reply(
            res,
            await callUnary(engine, 'GetDocument', caller, () => ({
              name,
              mask: maskOption,
              transaction: url.searchParams.get('transaction') ?? undefined,
              readTime: url.searchParams.get('readTime') ?? undefined,
            })),
          );
        }
        if (rest.length === 0) throw invalidArgument('GET needs a document or collection path');
        return reply(
          res,
          await callUnary(engine, 'ListDocuments', caller, () => ({
            ...collectionRoute(),
            pageSize: numberParam(url, 'pageSize'),
            pageToken: url.searchParams.get('pageToken') ?? undefined,
            orderBy: url.searchParams.get('orderBy') ?? undefined,
            mask: maskOption,
            showMissing: url.searchParams.get('showMissing') === 'true',
            readTime: url.searchParams.get('readTime') ?? undefined,
          })),
        );
      case 'POST': {
        if (isDocument || rest.length === 0)
          throw invalidArgument('POST creates a document in a collection path');
        const document = canonicalJson<v1.Document>(
          'google.firestore.v1.Document',
          parseJsonBody(await readBody(req, MAX_BODY_BYTES)),
        );
        return reply(
          res,
          await callUnary(engine, 'CreateDocument', caller, () => ({
            ...collectionRoute(),
            documentId: url.searchParams.get('documentId') ?? undefined,
            document,
          })),
        );
      }
      case 'PATCH': {
        if (!isDocument) throw invalidArgument('PATCH needs a document path');
        const document = canonicalJson<v1.Document>(
          'google.firestore.v1.Document',
          parseJsonBody(await readBody(req, MAX_BODY_BYTES)),
        );
        const updateMask = url.searchParams.getAll('updateMask.fieldPaths');
        return reply(
          res,
          await callUnary(engine, 'UpdateDocument', caller, () => ({
            document: { ...document, name },
            updateMask: updateMask.length > 0 ? { fieldPaths: updateMask } : undefined,
            currentDocument: preconditionOf(url),
          })),
        );
      }
      case 'DELETE':
        if (!isDocument) throw invalidArgument('DELETE needs a document path');
        return reply(
          res,
          await callUnary(engine, 'DeleteDocument', caller, () => ({
            name,
            currentDocument: preconditionOf(url),
          })),
        );
      default:
        throw notFound(`${req.method} is not supported on ${path}`);
    }
  } catch (error) {
    sendError(res, asFirestoreError(error));
    return true;
  }
}

function reply(res: ServerResponse, body: unknown): true {
  sendJson(res, 200, body);
  return true;
}

function numberParam(url: URL, name: string): number | undefined {
  const text = url.searchParams.get(name);
  if (text === null) return undefined;
  const n = Number(text);
  if (!Number.isInteger(n) || n < 0) throw invalidArgument(`${name} must be a non-negative integer`);
  return n;
}

function preconditionOf(url: URL): PreconditionJson | undefined {
  const exists = url.searchParams.get('currentDocument.exists');
  const updateTime = url.searchParams.get('currentDocument.updateTime');
  if (exists === null && updateTime === null) return undefined;
  return {
    ...(exists !== null ? { exists: exists === 'true' } : {}),
    ...(updateTime !== null ? { updateTime } : {}),
  };
}

/** Emulator-only endpoints, as the official emulator and @firebase/rules-unit-testing use them. */
async function handleEmulatorApi(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  let match = /^\/emulator\/v1\/projects\/([^/:]+):securityRules$/.exec(path);
  if (match && req.method === 'PUT') {
    const body = parseJsonBody(await readBody(req, MAX_BODY_BYTES)) as {
      rules?: { files?: { name?: string; content?: string }[] };
    };
    const file = body.rules?.files?.[0];
    if (!file || typeof file.content !== 'string')
      throw invalidArgument('Expected {"rules":{"files":[{"name","content"}]}}');
    const issues = ctx.rules.setSource(file.content, file.name ?? 'firestore.rules');
    if (issues.length > 0) {
      const message = issues.map((i) => `${i.file}:${i.line}:${i.column}: ${i.message}`).join('\n');
      sendJson(res, 400, { error: { code: 400, message, status: 'INVALID_ARGUMENT' } });
      return true;
    }
    // Loaded; what Google's compiler would warn about is answered as it answers it (type-warnings.ts).
    const warnings = ctx.rules.current()?.warnings ?? [];
    if (warnings.length === 0) return reply(res, {});
    return reply(res, {
      issues: warnings.map(({ file: fileName, position, message }) => ({
        sourcePosition: {
          fileName,
          line: position.line,
          column: position.column,
          currentOffset: position.offset,
          endOffset: position.end,
        },
        description: message,
        severity: 'WARNING',
      })),
    });
  }
  match = /^\/emulator\/v1\/projects\/([^/]+)\/databases\/([^/]+)\/documents$/.exec(path);
  if (match && req.method === 'DELETE') {
    ctx.engine.reset(decodePathSegment(match[1]));
    return reply(res, {});
  }
  match = /^\/emulator\/v1\/projects\/([^/:]+):export$/.exec(path);
  if (match && req.method === 'POST' && ctx.exportData) {
    const body = parseJsonBody(await readBody(req, MAX_BODY_BYTES)) as {
      export_directory?: string;
      exportDirectory?: string;
    };
    const dir = await ctx.exportData(body.export_directory ?? body.exportDirectory);
    return reply(res, { exportDirectory: dir });
  }
  match = /^\/emulator\/v1\/projects\/([^/:]+):ruleCoverage(\.html)?$/.exec(path);
  if (match && req.method === 'GET' && ctx.ruleCoverage) {
    const { rules, report } = ctx.ruleCoverage();
    if (!match[2]) return reply(res, { file: rules?.file ?? null, report });
    const sections = rules && report ? [{ title: rules.file, text: rules.text, report }] : [];
    res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
    res.end(coverageHtml(`Firestore rule coverage — ${decodePathSegment(match[1])}`, sections));
    return true;
  }
  if (await handleTriggerRoutes(ctx, req, res, url)) return true;
  throw notFound(`Unknown emulator route ${req.method} ${path}`);
}

/**
 * The routes firebase-tools' Functions emulator registers Firestore triggers through, as Google's emulator has
 * them: 1st gen `PUT …/triggers/{key}`, 2nd gen `POST …/eventarcTrigger?eventarcTriggerId={key}`; and
 * `DELETE …/triggers` (all of a project's) and `DELETE …/triggers/{key}`; `GET …/triggers` lists them and
 * `GET …/triggers:settled` answers once every event sent so far has been answered by its function or given up on
 * (ours only: what a test or the console waits for; a suite in another process than the emulator's).
 */
async function handleTriggerRoutes(
  ctx: RestContext,
  req: IncomingMessage,
  res: ServerResponse,
  url: URL,
): Promise<boolean> {
  const path = url.pathname;
  const single = /^\/emulator\/v1\/projects\/([^/]+)\/triggers\/([^/]+)$/.exec(path);
  const all = /^\/emulator\/v1\/projects\/([^/]+)\/triggers$/.exec(path);
  const eventarc = /^\/emulator\/v1\/projects\/([^/]+)\/eventarcTrigger$/.exec(path);
  const settled = /^\/emulator\/v1\/projects\/([^/]+)\/triggers:settled$/.exec(path);
  if (!single && !all && !eventarc && !settled) return false;
  const triggers = ctx.triggers;
  if (!triggers) {
    throw new FirestoreError(
      'FAILED_PRECONDITION',
      'This Firestore emulator was started without a Functions emulator, so it cannot run triggers',
    );
  }
  const register = async (add: (body: unknown) => unknown): Promise<true> => {
    const body = parseJsonBody(await readBody(req, MAX_BODY_BYTES));
    try {
      add(body);
    } catch (error) {
      if (error instanceof TriggerRegistryError) throw invalidArgument(error.message);
      throw error;
    }
    return reply(res, {});
  };
  if (single && req.method === 'PUT') {
    const [project, key] = [decodePathSegment(single[1]), decodePathSegment(single[2])];
    return register((body) => triggers.registry.registerV1(project, key, body));
  }
  if (single && req.method === 'DELETE') {
    triggers.registry.remove(decodePathSegment(single[2]));
    return reply(res, {});
  }
  if (all && req.method === 'GET') {
    const project = decodePathSegment(all[1]);
    const list = triggers.registry
      .list()
      .filter((t) => t.projectId === project)
      .map((t) => ({
        key: t.key,
        generation: t.generation,
        eventType: t.eventType,
        database: t.databaseId,
        document: t.pattern.text,
      }));
    return reply(res, { triggers: list });
  }
  if (all && req.method === 'DELETE') {
    triggers.registry.clear(decodePathSegment(all[1]));
    return reply(res, {});
  }
  if (settled && req.method === 'GET') {
    await triggers.delivery.settled();
    return reply(res, {});
  }
  if (eventarc && req.method === 'POST') {
    const key = url.searchParams.get('eventarcTriggerId');
    if (!key) throw invalidArgument('eventarcTriggerId is required');
    const project = decodePathSegment(eventarc[1]);
    return register((body) => triggers.registry.registerV2(project, key, body));
  }
  return false;
}
