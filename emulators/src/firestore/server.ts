/**
 * The Firestore emulator's server: REST, WebChannel and the emulator API over HTTP/1.1, and gRPC over
 * HTTP/2 — all on one port, as the SDKs expect of FIRESTORE_EMULATOR_HOST. Each connection is routed by
 * its first bytes: the HTTP/2 preface goes to the gRPC server, anything else to the HTTP/1.1 server.
 */
import * as grpc from '@grpc/grpc-js';
import type { IncomingMessage, ServerResponse } from 'node:http';
import net from 'node:net';
import { watchFile, unwatchFile } from 'node:fs';
import { createHttpServer, listen, urlOf } from '../shared/http/server.js';
import { RequestError } from '../shared/http/request.js';
import { serviceRules, type EmulatorService, type EmulatorServiceOptions } from '../shared/service.js';
import { FirestoreEngine } from './engine.js';
import { IndexRequirements, type IndexMode } from './query/indexes.js';
import type { TransactionReadLocks, TransactionTimeouts } from './write/transactions.js';
import { asFirestoreError, invalidArgument } from './errors.js';
import { warmDeclaredIndexes } from './query/index-warmup.js';
import { exportFirestore, importFirestore, readFirestoreExport } from './persistence/persistence.js';
import { FirestoreJournal } from './persistence/journal.js';
import { FunctionTriggers } from './triggers/function-triggers.js';
import { handleUsage } from './usage.js';
import { createGrpcServer } from './transports/grpc.js';
import { FIRESTORE_CORS, sendError } from './transports/http-util.js';
import { handleRest } from './transports/rest.js';
import { WebChannelTransport } from './transports/webchannel.js';

export interface FirestoreEmulatorOptions extends EmulatorServiceOptions {
  webChannelIdleTimeoutMs?: number;
  /**
   * Composite-index requirements: the indexes file of `projectId` (enforced for that project, only warned
   * about for others), `mode: 'warn'` to only log. Without it no index is ever required.
   */
  indexes?: { file: string; projectId: string; mode?: IndexMode };
  /** Transaction expiry and lock wait (./write/transactions.ts); tests shorten them. */
  transactionTimeouts?: Partial<TransactionTimeouts>;
  /** false: the server SDKs' transactions stay optimistic, without locks (see emulators/README.md). */
  serverTransactionLocks?: boolean;
  /** The lock a server SDK transaction's read takes: 'exclusive' (default) or 'shared' (./write/transactions.ts). */
  transactionReadLocks?: TransactionReadLocks;
  /**
   * host:port of firebase-tools' Functions emulator (Google's emulator takes it as --functions_emulator): the
   * triggers it registers are accepted and their events sent to it. Without it registering a trigger fails.
   */
  functionsEmulatorHost?: string;
  /** Delivery tuning for tests (retries, back-off); see ./triggers/delivery.ts. */
  triggerDelivery?: { attempts?: number; retryDelayMs?: number };
  /**
   * true: the background build of the declared indexes (./query/index-warmup.ts) waits for `warmIndexes()`, so a
   * process starting other emulators beside this one starts them first (at 100,000 orders the builds took
   * the Storage emulator's start from ~0 to 2.4 s).
   */
  deferIndexWarmup?: boolean;
}

export interface FirestoreEmulator extends EmulatorService {
  readonly engine: FirestoreEngine;
  readonly webChannel: WebChannelTransport;
  /**
   * Makes the data exactly the export in `dir` (read whole first: a damaged export changes nothing), while
   * clients stay connected and their listeners see the difference.
   */
  restoreFrom(dir: string): Promise<{ written: number; deleted: number; kept: number }>;
  /**
   * Starts the background build of the declared indexes if `deferIndexWarmup` held it back; resolves when it
   * has finished (or stopped).
   */
  warmIndexes(): Promise<void>;
}

const HTTP2_PREFACE = Buffer.from('PRI * HTTP/2.0');

export async function startFirestoreEmulator(
  options: FirestoreEmulatorOptions = {},
): Promise<FirestoreEmulator> {
  const host = options.host ?? '127.0.0.1';
  const log = options.log ?? (() => {});
  const rules = serviceRules('firestore', options);
  const indexes = options.indexes ? new IndexRequirements({ ...options.indexes, log }) : undefined;
  const indexesFile = options.indexes?.file;
  // Edits to firestore.indexes.json apply at once, as rules edits do.
  const reloadIndexes = () => {
    try {
      indexes?.reload();
      log(`firestore: reloaded ${indexesFile}`);
    } catch (error) {
      log(`firestore: error: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const unwatch = () => {
    rules.source.close();
    if (indexesFile) unwatchFile(indexesFile, reloadIndexes);
  };
  if (indexesFile) watchFile(indexesFile, { interval: 500 }, reloadIndexes);
  const engine = new FirestoreEngine({
    rules: rules.enforced,
    indexes,
    transactionTimeouts: options.transactionTimeouts,
    serverTransactionLocks: options.serverTransactionLocks,
    transactionReadLocks: options.transactionReadLocks,
    onListenerError: (error) => log(`firestore: a listener failed and was ended: ${String(error)}`),
  });
  if (options.functionsEmulatorHost) {
    engine.triggers = new FunctionTriggers({
      functionsHost: options.functionsEmulatorHost,
      log,
      ...options.triggerDelivery,
    });
  }
  let recovered = false;
  if (options.dataDir) {
    const imported = await importFirestore(engine, options.dataDir).catch((error: unknown) => {
      unwatch();
      throw error;
    });
    if (imported > 0) log(`firestore: imported ${imported} documents from ${options.dataDir}`);
    const { journal, replayed } = FirestoreJournal.open(engine, options.dataDir);
    engine.journal = journal;
    recovered = replayed.records > 0 || replayed.dropped !== undefined;
    if (replayed.dropped) log(`firestore: dropped an unfinished journal record (${replayed.dropped})`);
    if (replayed.records > 0)
      log(
        `firestore: recovered after a crash: replayed ${replayed.records} commits (${replayed.documents} document writes) from the journal`,
      );
  }
  const webChannel = new WebChannelTransport(engine, { idleTimeoutMs: options.webChannelIdleTimeoutMs });
  // One export at a time: two at once would race for the same files, and an older snapshot renamed in last
  // would replace a newer one whose journal was already removed.
  let exporting: Promise<unknown> = Promise.resolve();
  const exportTo = (dir?: string): Promise<string> => {
    const run = exporting.then(() => exportOnce(dir));
    exporting = run.catch(() => {});
    return run;
  };
  const exportOnce = async (dir?: string): Promise<string> => {
    const target = dir ?? options.dataDir;
    // A caller's mistake (no folder in the request), answered as 400 rather than a server fault.
    if (!target) throw invalidArgument('No export folder given and no data folder configured');
    // Exporting to the data folder compacts the journal: a new journal file starts as the export takes its
    // snapshot (same tick), and the older files go once the export is on disk.
    const rotated = target === options.dataDir ? engine.journal?.rotate() : undefined;
    const count = await exportFirestore(engine, target);
    if (rotated !== undefined) engine.journal?.prune(rotated);
    log(`firestore: exported ${count} documents to ${target}`);
    return target;
  };
  // What the journal replayed goes into the export now, so the journal starts empty again.
  if (recovered && options.dataDir) await exportTo(options.dataDir);

  const httpServer = createHttpServer({
    cors: FIRESTORE_CORS,
    async route(req: IncomingMessage, res: ServerResponse, url: URL) {
      if (await webChannel.handle(req, res, url)) return;
      if (handleUsage({ usage: (db) => engine.state(db).usage }, req, res, url)) return;
      const { requests } = options;
      const ruleCoverage = requests && (() => requests.coverage('firestore'));
      if (
        await handleRest(
          { engine, rules: rules.source, exportData: exportTo, ruleCoverage, triggers: engine.triggers },
          req,
          res,
          url,
        )
      )
        return;
      if (req.method === 'GET' && url.pathname === '/') {
        res.writeHead(200, { 'Content-Type': 'text/plain' }).end('Ok');
        return;
      }
      res.writeHead(404, { 'Content-Type': 'application/json' }).end(
        JSON.stringify({
          error: { code: 404, message: `Not found: ${req.method} ${url.pathname}`, status: 'NOT_FOUND' },
        }),
      );
    },
    fail(req: IncomingMessage, res: ServerResponse, error: unknown) {
      if (error instanceof RequestError) return sendError(res, asFirestoreError(error));
      log(`firestore: unexpected error on ${req.method} ${req.url}: ${String(error)}`);
      if (!res.headersSent) res.writeHead(500).end();
      else res.destroy();
    },
  });

  const grpcServer = createGrpcServer(engine);
  const grpcPort = await new Promise<number>((resolve, reject) =>
    grpcServer.bindAsync(`127.0.0.1:0`, grpc.ServerCredentials.createInsecure(), (error, port) =>
      error ? reject(error) : resolve(port),
    ),
  );

  const sockets = new Set<net.Socket>();
  const front = net.createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.once('readable', () => {
      const head: Buffer | null =
        socket.read(Math.min(HTTP2_PREFACE.length, socket.readableLength)) ?? socket.read();
      if (head === null) return;
      socket.unshift(head);
      if (
        head.length >= 3 &&
        HTTP2_PREFACE.subarray(0, head.length).equals(head.subarray(0, HTTP2_PREFACE.length))
      ) {
        const upstream = net.connect(grpcPort, '127.0.0.1');
        // Small gRPC frames through the relay would otherwise meet Nagle's algorithm and delayed ACKs:
        // ~40 ms added to every call.
        socket.setNoDelay(true);
        upstream.setNoDelay(true);
        sockets.add(upstream);
        upstream.on('close', () => sockets.delete(upstream));
        socket.pipe(upstream).pipe(socket);
        socket.on('error', () => upstream.destroy());
        upstream.on('error', () => socket.destroy());
      } else {
        httpServer.emit('connection', socket);
      }
    });
    socket.on('error', () => socket.destroy());
  });

  let port: number;
  try {
    port = await listen(front, options.port ?? 8080, host);
  } catch (error) {
    unwatch();
    grpcServer.forceShutdown();
    throw error;
  }

  let warmup: ReturnType<typeof warmDeclaredIndexes> | undefined;
  let stopped = false;
  const warmIndexes = async () => {
    if (!warmup && !stopped && indexes && options.indexes)
      warmup = warmDeclaredIndexes(engine, indexes.declared, options.indexes.projectId);
    await warmup?.done;
  };
  if (!options.deferIndexWarmup) void warmIndexes();

  return {
    host,
    port,
    url: urlOf(host, port),
    rules: rules.source,
    engine,
    webChannel,
    exportTo,
    async restoreFrom(dir) {
      const data = await readFirestoreExport(dir);
      const result = engine.replaceDocuments(data);
      log(
        `firestore: restored ${dir}: ${result.written} documents written, ${result.deleted} deleted, ${result.kept} unchanged`,
      );
      return result;
    },
    warmIndexes,
    async stop() {
      stopped = true;
      engine.triggers?.delivery.stop();
      warmup?.stop();
      unwatch();
      webChannel.closeAll();
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => front.close(() => resolve()));
      httpServer.close();
      await new Promise<void>((resolve) => grpcServer.tryShutdown(() => resolve()));
      grpcServer.forceShutdown();
      if (options.dataDir) await exportTo(options.dataDir);
      engine.journal?.close();
      engine.journal = undefined;
    },
  };
}
