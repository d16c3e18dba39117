import type { Notification } from '@core/contracts/notifications';
import type { ServerSocketMessage, SocketEvent } from '@core/contracts/realtime';
import { describe, expect, it } from 'vitest';
import {
  createSocketClient,
  type EventOrigin,
  parseServerMessage,
  type SocketLike,
  socketUrlFor,
  type Timers,
} from './socket-client';

/** A clock and timers that move only when the test says so. */
function fakeTimers(start = 1_000_000) {
  let now = start;
  let nextId = 1;
  const tasks = new Map<number, { at: number; run: () => void; every?: number }>();
  const timers: Timers = {
    now: () => now,
    setTimeout(run, ms) {
      const id = nextId++;
      tasks.set(id, { at: now + ms, run });
      return id;
    },
    clearTimeout: (id) => void tasks.delete(id as number),
    setInterval(run, ms) {
      const id = nextId++;
      tasks.set(id, { at: now + ms, run, every: ms });
      return id;
    },
    clearInterval: (id) => void tasks.delete(id as number),
  };
  return {
    timers,
    /** Moves time forward, running every timer that falls due on the way, in order. */
    advance(ms: number) {
      const end = now + ms;
      for (;;) {
        const due = [...tasks.entries()]
          .filter(([, task]) => task.at <= end)
          .sort((a, b) => a[1].at - b[1].at)[0];
        if (!due) break;
        const [id, task] = due;
        now = task.at;
        if (task.every) task.at += task.every;
        else tasks.delete(id);
        task.run();
      }
      now = end;
    },
    get pending() {
      return tasks.size;
    },
  };
}

class FakeSocket implements SocketLike {
  sent: unknown[] = [];
  closedWith: number | null = null;
  onopen: SocketLike['onopen'] = null;
  onmessage: SocketLike['onmessage'] = null;
  onclose: SocketLike['onclose'] = null;
  onerror: SocketLike['onerror'] = null;
  constructor(readonly url: string) {}
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close(code = 1000) {
    this.closedWith = code;
  }
  /** The server speaks. */
  receive(message: ServerSocketMessage | string) {
    this.onmessage?.({ data: typeof message === 'string' ? message : JSON.stringify(message) });
  }
  /** The connection ends (by the server, or the network). */
  drop(code = 1006) {
    this.onclose?.({ code });
  }
}

const T0 = '2026-11-24T10:00:00.000Z';
const at = (seconds: number) => new Date(Date.parse(T0) + seconds * 1000).toISOString();

const notification = (id: string, created: string): Notification => ({
  id,
  type: 'link_message',
  title: 'Заказ №7',
  content: 'Заказ №7 в пути',
  link: '/order/7',
  chat_id: null,
  is_read: false,
  is_closeble: true,
  created_at: created,
});

function setUp({ since = T0 as string | null, random = (): number => 0 } = {}) {
  const clock = fakeTimers();
  const sockets: FakeSocket[] = [];
  const events: { event: SocketEvent; origin: EventOrigin }[] = [];
  const statuses: string[] = [];
  const client = createSocketClient({
    url: 'ws://fresh.test/ws?group=user',
    since,
    onEvent: (event, origin) => events.push({ event, origin }),
    onStatus: (status) => statuses.push(status),
    connect: (url) => {
      const socket = new FakeSocket(url);
      sockets.push(socket);
      return socket;
    },
    timers: clock.timers,
    random,
    pingIntervalMs: 25_000,
  });
  const last = () => {
    const socket = sockets.at(-1);
    if (!socket) throw new Error('no socket opened');
    return socket;
  };
  const greet = (seconds = 0) =>
    last().receive({ type: 'hello', user: 'u1', role: 'customer', at: at(seconds) });
  return { clock, sockets, events, statuses, client, last, greet };
}

describe('socketUrlFor', () => {
  it('follows the page: wss on https, ws on http, with group=user', () => {
    expect(socketUrlFor({ protocol: 'https:', host: 'fresh.example' })).toBe(
      'wss://fresh.example/ws?group=user',
    );
    expect(socketUrlFor({ protocol: 'http:', host: '127.0.0.1:3000' })).toBe(
      'ws://127.0.0.1:3000/ws?group=user',
    );
  });
});

describe('parseServerMessage', () => {
  it('accepts what the schema accepts and nothing else', () => {
    expect(parseServerMessage(JSON.stringify({ type: 'pong' }))).toEqual({ type: 'pong' });
    expect(parseServerMessage('pong')).toBeNull();
    expect(
      parseServerMessage(JSON.stringify({ type: 'badges', badges: { cabinet: 'x' }, at: T0 })),
    ).toBeNull();
    expect(parseServerMessage(JSON.stringify({ type: 'surprise', at: T0 }))).toBeNull();
    expect(parseServerMessage(new ArrayBuffer(2))).toBeNull();
  });
});

describe('createSocketClient', () => {
  it('resumes from the page’s time once greeted, then delivers live events', () => {
    const { client, last, greet, events, statuses } = setUp();
    client.start();
    expect(client.status).toBe('connecting');
    expect(last().sent).toEqual([]);
    greet(5);
    expect(client.status).toBe('open');
    expect(last().sent).toEqual([{ type: 'resume', since: T0 }]);
    last().receive({ type: 'badges', badges: { cabinet: 2, orders: 1 }, at: at(6) });
    expect(events).toEqual([
      {
        event: { type: 'badges', badges: { cabinet: 2, orders: 1 }, at: at(6) },
        origin: { isCatchUp: false, isBeforePage: false },
      },
    ]);
    expect(client.cursor).toBe(at(6));
    expect(statuses).toEqual(['connecting', 'open']);
  });

  it('without a page time, resumes from the greeting', () => {
    const { client, last, greet } = setUp({ since: null });
    client.start();
    greet(3);
    expect(last().sent).toEqual([{ type: 'resume', since: at(3) }]);
  });

  it('drops a repeated notification, live or in a catch-up, and ignores junk frames', () => {
    const { client, last, greet, events } = setUp();
    client.start();
    greet();
    const first = notification('n1', at(10));
    last().receive({ type: 'notification', notification: first, at: at(10) });
    last().receive({ type: 'notification', notification: first, at: at(10) });
    last().receive('not json');
    last().receive(JSON.stringify({ type: 'notification', at: at(11) }));
    last().receive({
      type: 'missed',
      since: T0,
      notifications: [first, notification('n2', at(12))],
      messages: [],
      at: at(13),
    });
    expect(events.map(({ event, origin }) => [event.type, eventId(event), origin.isCatchUp])).toEqual([
      ['notification', 'n1', false],
      ['notification', 'n2', true],
    ]);
    expect(client.cursor).toBe(at(13));
  });

  it('tells which caught-up events happened before the page was rendered (the overlap)', () => {
    const { client, last, greet, events } = setUp();
    client.start();
    greet();
    last().receive({
      type: 'missed',
      since: at(-2),
      notifications: [notification('before', at(-1)), notification('at', T0), notification('after', at(1))],
      messages: [],
      at: at(2),
    });
    expect(events.map(({ event, origin }) => [eventId(event), origin])).toEqual([
      ['before', { isCatchUp: true, isBeforePage: true }],
      ['at', { isCatchUp: true, isBeforePage: false }],
      ['after', { isCatchUp: true, isBeforePage: false }],
    ]);
  });

  it('reconnects with growing delays after losses, and resumes from the last event seen', () => {
    const { client, last, greet, sockets, clock, events } = setUp();
    client.start();
    greet();
    last().receive({ type: 'notification', notification: notification('n1', at(20)), at: at(20) });
    last().drop(1006);
    expect(client.status).toBe('waiting');
    // 1 s, then (the next try refused before any greeting) 2 s, then 4 s.
    clock.advance(999);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
    last().drop(1006);
    clock.advance(1999);
    expect(sockets).toHaveLength(2);
    clock.advance(1);
    expect(sockets).toHaveLength(3);
    last().drop(1006);
    clock.advance(4000);
    expect(sockets).toHaveLength(4);
    greet(60);
    expect(last().sent).toEqual([{ type: 'resume', since: at(20) }]);
    last().receive({
      type: 'missed',
      since: at(20),
      notifications: [notification('n1', at(20)), notification('n3', at(40))],
      messages: [],
      at: at(60),
    });
    expect(events.map(({ event }) => eventId(event))).toEqual(['n1', 'n3']);
    // Open for a ping interval: the next loss starts from 1 s again.
    clock.advance(25_000);
    last().drop(1011);
    clock.advance(1000);
    expect(sockets).toHaveLength(5);
  });

  it('keeps backing off from a server that closes every socket right after greeting it', () => {
    const { client, last, greet, sockets, clock } = setUp();
    client.start();
    const delays: number[] = [];
    for (let round = 0; round < 6; round += 1) {
      greet();
      last().drop(1011);
      const before = sockets.length;
      let waited = 0;
      while (sockets.length === before) {
        clock.advance(100);
        waited += 100;
      }
      delays.push(waited);
    }
    expect(delays).toEqual([1000, 2000, 4000, 8000, 16_000, 30_000]);
  });

  it('waits long after the server closed it for too many frames (4029), not a second', () => {
    const { client, last, greet, sockets, clock } = setUp();
    client.start();
    greet();
    clock.advance(25_000);
    last().drop(4029);
    expect(client.status).toBe('waiting');
    clock.advance(15_999);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
  });

  it('asks the page to load its data again when a catch-up could not go back far enough', () => {
    let partial = 0;
    const clock = fakeTimers();
    const sockets: FakeSocket[] = [];
    const client = createSocketClient({
      url: 'ws://fresh.test/ws?group=user',
      since: T0,
      onEvent: () => {},
      onPartialCatchUp: () => {
        partial += 1;
      },
      connect: (url) => {
        const socket = new FakeSocket(url);
        sockets.push(socket);
        return socket;
      },
      timers: clock.timers,
    });
    client.start();
    const socket = sockets[0] as FakeSocket;
    socket.receive({ type: 'hello', user: 'u1', role: 'customer', at: at(0) });
    const missed: Extract<ServerSocketMessage, { type: 'missed' }> = {
      type: 'missed',
      since: T0,
      notifications: [],
      messages: [],
      at: at(1),
    };
    socket.receive(missed);
    socket.receive({ ...missed, is_partial: false });
    expect(partial).toBe(0);
    socket.receive({ ...missed, is_partial: true });
    expect(partial).toBe(1);
  });

  it('takes jitter off the delay', () => {
    const { client, greet, last, sockets, clock } = setUp({ random: () => 1 });
    client.start();
    greet();
    last().drop();
    clock.advance(799);
    expect(sockets).toHaveLength(1);
    clock.advance(1);
    expect(sockets).toHaveLength(2);
  });

  it('stays closed after a 4001 (logout), and after stop()', () => {
    const ended = setUp();
    ended.client.start();
    ended.greet();
    ended.last().drop(4001);
    expect(ended.client.status).toBe('ended');
    ended.clock.advance(120_000);
    expect(ended.sockets).toHaveLength(1);
    expect(ended.clock.pending).toBe(0);

    const stopped = setUp();
    stopped.client.start();
    stopped.greet();
    stopped.client.stop();
    expect(stopped.last().closedWith).toBe(1000);
    stopped.last().drop(1000);
    stopped.clock.advance(120_000);
    expect(stopped.sockets).toHaveLength(1);
    expect(stopped.client.status).toBe('stopped');
    expect(stopped.clock.pending).toBe(0);
  });

  it('pings while open, and starts over when pongs stop coming', () => {
    const { client, greet, last, sockets, clock } = setUp();
    client.start();
    greet();
    clock.advance(25_000);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    last().receive({ type: 'pong' });
    clock.advance(25_000);
    expect(last().sent.at(-1)).toEqual({ type: 'ping' });
    // Silence from here: after two intervals without a frame the socket counts as dead.
    clock.advance(50_000);
    expect(sockets[0]?.closedWith).toBe(4000);
    expect(client.status).toBe('waiting');
    clock.advance(1000);
    expect(sockets).toHaveLength(2);
  });

  it('retries at once when the network is back, and sends only while open', () => {
    const { client, greet, last, sockets, clock } = setUp();
    client.start();
    expect(client.send({ type: 'typing' })).toBe(false);
    greet();
    expect(client.send({ type: 'typing' })).toBe(true);
    last().drop();
    expect(client.send({ type: 'typing' })).toBe(false);
    client.retryNow();
    expect(sockets).toHaveLength(2);
    // The scheduled retry was cancelled: no third socket later.
    clock.advance(10_000);
    expect(sockets).toHaveLength(2);
  });
});

function eventId(event: SocketEvent): string | undefined {
  return event.type === 'notification' ? event.notification.id : undefined;
}
