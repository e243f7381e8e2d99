import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { OrderedQueues, postToFunctionsEmulator, sendUntilTaken } from './functions-emulator-client';

const fast = { attempts: 4, retryDelayMs: 1, stopped: () => false };

/** A promise and the function that settles it. */
function gate() {
  let open: () => void = () => {};
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

describe('sendUntilTaken', () => {
  it('sends again while the answer is 503 or the connection fails, and stops at the first other answer', async () => {
    const answers: (number | Error)[] = [503, new Error('socket hang up'), 204, 200];
    let sent = 0;
    const outcome = await sendUntilTaken(async () => {
      const answer = answers[sent++];
      if (answer instanceof Error) throw answer;
      return answer;
    }, fast);
    expect(outcome).toEqual({ status: 204, attempts: 3 });
    expect(sent).toBe(3);
  });

  it('gives up after its attempts, saying why', async () => {
    let sent = 0;
    const outcome = await sendUntilTaken(async () => (sent++, 503), fast);
    expect(outcome).toEqual({ attempts: 4, error: 'HTTP 503' });
    expect(sent).toBe(4);
  });

  it('ends at an error its caller calls final, and sends nothing once the emulator stopped', async () => {
    const refused = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });
    let sent = 0;
    const outcome = await sendUntilTaken(
      async () => {
        sent++;
        throw refused;
      },
      { ...fast, isFinal: (error) => (error as NodeJS.ErrnoException).code === 'ECONNREFUSED' },
    );
    expect(outcome.finalError).toBe(refused);
    expect(sent).toBe(1);

    const stopped = await sendUntilTaken(async () => (sent++, 200), { ...fast, stopped: () => true });
    expect(stopped).toEqual({ attempts: 0, error: 'the emulator stopped' });
    expect(sent).toBe(1);
  });
});

describe('OrderedQueues', () => {
  it("runs one key's work in order, another key's beside it, and is idle once all has run", async () => {
    const queues = new OrderedQueues(() => {});
    const done: string[] = [];
    const first = gate();
    queues.run('a', async () => {
      await first.opened;
      done.push('a1');
    });
    queues.run('a', async () => {
      done.push('a2');
    });
    queues.run('b', async () => {
      done.push('b1');
    });
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(done).toEqual(['b1']); // a2 waits for a1; b is not held up
    let idle = false;
    const idled = queues.idle().then(() => (idle = true));
    expect(idle).toBe(false);
    first.open();
    await idled;
    expect(done).toEqual(['b1', 'a1', 'a2']);
  });

  it("hands a failure to its handler and still runs the key's next work", async () => {
    const failures: unknown[] = [];
    const queues = new OrderedQueues((error) => failures.push(error));
    const ran: string[] = [];
    queues.run('a', async () => {
      throw new Error('boom');
    });
    queues.run('a', async () => {
      ran.push('next');
    });
    await queues.idle();
    expect(failures).toEqual([new Error('boom')]);
    expect(ran).toEqual(['next']);
  });
});

describe('postToFunctionsEmulator', () => {
  it('POSTs the body with its length and headers and resolves with the status', async () => {
    const received: { method?: string; path?: string; type?: string; length?: string; body: string }[] = [];
    const server = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk: Buffer) => (body += chunk.toString()));
      request.on('end', () => {
        received.push({
          method: request.method,
          path: request.url,
          type: request.headers['content-type'],
          length: request.headers['content-length'],
          body,
        });
        response.statusCode = 202;
        response.end();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const status = await postToFunctionsEmulator(
        `127.0.0.1:${port}`,
        '/functions/projects/p/trigger_multicast',
        { 'content-type': 'application/json' },
        Buffer.from('{"আচার":1}'),
        5_000,
      );
      expect(status).toBe(202);
      expect(received).toEqual([
        {
          method: 'POST',
          path: '/functions/projects/p/trigger_multicast',
          type: 'application/json',
          length: String(Buffer.byteLength('{"আচার":1}')),
          body: '{"আচার":1}',
        },
      ]);
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });
});
