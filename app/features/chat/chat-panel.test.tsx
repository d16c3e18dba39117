// @vitest-environment happy-dom
/**
 * The support chat's panel as a component (ADR 033, 042): the real panel, its contract form and
 * useActionOutcome under React Router's fetchers, posting to a cabinet action that reads the form with the real
 * ChatFormSchema and runs the real runChatIntent; only the support service is stood in for, answering when
 * the test lets it (the service and the action are tested on PGlite and PostgreSQL in chat-actions.test.ts).
 */
import type { ChatHistory, ChatMessage } from '@core/contracts/support';
import { ChatFormSchema } from '@core/contracts/support';
import { DEFAULT_MESSAGES } from '@server/errors';
import { tooManyRequests } from '@server/limits/rate-limit';
import type { Services } from '@server/services';
import { act, cleanup, fireEvent, render, within } from '@testing-library/react';
import { createRoutesStub, data, Outlet, useLoaderData } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ToastProvider } from '~/components/ui/toast';
import { parseForm, runFormAction } from '~/lib/actions.server';
import { loadContractCheck } from '~/lib/contract-form';
import { CHAT_FORM } from '~/lib/form-contracts';
import { screen } from '../../../tests/setup/screen';
import { runChatIntent } from './chat-actions.server';
import { ChatPanel } from './chat-panel';

const CONVERSATION = '33333333-3333-4333-8333-333333333333';
const RATE_MESSAGE = 'Слишком много сообщений подряд. Повторите через';

type Refusal = 'rate' | 'unavailable' | null;

/** The support service's side: the stored messages, answers held until released, the posts it was sent. */
function createSupport() {
  const messages: ChatMessage[] = [];
  const posts: Record<string, string>[] = [];
  const held: (() => void)[] = [];
  let refusal: Refusal = null;
  const support = {
    async sendAsCustomer(_userId: string, input: { text?: string | undefined }) {
      await new Promise<void>((resolve) => held.push(resolve));
      if (refusal === 'rate') throw tooManyRequests(RATE_MESSAGE, 60_000);
      // A lost connection: the page's 503 (server/http/unavailable.ts), nothing stored.
      if (refusal === 'unavailable') throw data(null, { status: 503, headers: { 'Retry-After': '5' } });
      const message: ChatMessage = {
        _id: `m${messages.length + 1}`,
        seq: messages.length + 1,
        conversation: CONVERSATION,
        author: 'customer',
        text: input.text ?? '',
        image: null,
        order: null,
        created_at: '2026-11-27T10:00:00.000Z',
        read_at: null,
        state: 'sent',
      };
      messages.push(message);
      return message;
    },
  };
  return {
    posts,
    held,
    messages,
    refuseWith(next: Refusal) {
      refusal = next;
    },
    history: (): ChatHistory => ({
      success: true,
      chat: messages.length > 0 ? { _id: CONVERSATION, status: 'open' } : null,
      messages: [...messages],
      next_before: null,
    }),
    support: support as unknown as Services['support'],
  };
}

function Shell() {
  return (
    <ToastProvider>
      <Outlet />
    </ToastProvider>
  );
}

function Loading() {
  return <p>Загружаем…</p>;
}

function ChatTab() {
  const { history } = useLoaderData<{ history: ChatHistory }>();
  return (
    <ChatPanel
      history={history}
      orders={[]}
      isOperatorTyping={false}
      messageKey="page-key"
      isOlderPage={false}
    />
  );
}

function renderChat(server: ReturnType<typeof createSupport>) {
  const Stub = createRoutesStub([
    {
      id: 'root',
      path: '/',
      Component: Shell,
      children: [
        {
          // The cabinet: its loader reads the history, its action takes the chat's posts (routes/cabinet.tsx).
          path: 'lk',
          loader: () => ({ history: server.history() }),
          action: ({ request }) =>
            runFormAction(
              request,
              () => undefined,
              (form) => {
                server.posts.push(
                  Object.fromEntries([...form].map(([name, value]) => [name, String(value)])),
                );
                return runChatIntent(server.support, 'customer', parseForm(form, ChatFormSchema), {
                  ip: '1',
                });
              },
            ),
          Component: ChatTab,
          HydrateFallback: Loading,
        },
      ],
    },
  ]);
  render(<Stub initialEntries={['/lk?active=chat']} />);
}

/** Lets every held answer go, and waits until the page has taken it (and loaded the tab again). */
async function settle(server: ReturnType<typeof createSupport>) {
  for (let round = 0; round < 5; round += 1) {
    await act(async () => {
      for (const release of server.held.splice(0)) release();
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
  }
}

const textField = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Сообщение' });
const send = () => fireEvent.click(screen.getByRole('button', { name: 'Отправить' }));
const log = () => screen.getByRole('log', { name: 'Сообщения' });

/** Types into the message field as a customer does: the field is focused first, which loads the contract. */
async function type(text: string) {
  const field = await screen.findByRole('textbox', { name: 'Сообщение' });
  fireEvent.focusIn(field);
  await act(() => loadContractCheck(CHAT_FORM));
  fireEvent.change(field, { target: { value: text } });
}

describe('the chat panel', () => {
  afterEach(() => cleanup());

  it('shows a message at once, before the server answers, and then as the server stored it', async () => {
    const server = createSupport();
    renderChat(server);
    expect(await screen.findByText(/Напишите нам/)).toBeTruthy();
    await type('Где мой заказ?');
    send();

    // At once: in the conversation as being sent, and the field is free for the next one.
    const bubble = (await within(log()).findByText('Где мой заказ?')).closest('li');
    expect(bubble && within(bubble).getByText('Отправляется…')).toBeTruthy();
    expect(textField().value).toBe('');
    expect(screen.getByRole('button', { name: 'Отправить' }).hasAttribute('disabled')).toBe(true);
    await act(async () => {
      await new Promise((resolve) => setTimeout(resolve, 0));
    });
    // The contract's fields, and an idempotency key of this attempt (not the page's, which is for no JS).
    expect(server.posts).toHaveLength(1);
    expect(server.posts[0]).toMatchObject({ intent: 'send-message', text: 'Где мой заказ?', order: '' });
    expect(server.posts[0]?.key).toMatch(/^[0-9a-f-]{32,36}$/);

    await settle(server);
    expect(server.messages.map((message) => message.text)).toEqual(['Где мой заказ?']);
    expect(within(log()).getAllByText('Где мой заказ?')).toHaveLength(1);
    expect(within(log()).getByText('Отправлено')).toBeTruthy();
    expect(within(log()).queryByText('Отправляется…')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says why a message was refused, in Russian, and gives the text back to send again with the same key', async () => {
    const server = createSupport();
    renderChat(server);
    server.refuseWith('rate');
    await type('Алло');
    send();
    expect(within(log()).getByText('Отправляется…')).toBeTruthy();
    await settle(server);

    expect((await screen.findByRole('alert')).textContent).toBe(`${RATE_MESSAGE} 1 мин`);
    expect(textField().value).toBe('Алло');
    expect(textField().getAttribute('aria-invalid')).toBe('true');
    expect(screen.queryByText('Отправляется…')).toBeNull();
    expect(server.messages).toEqual([]);

    // Sent again once the rate allows: the same attempt, so the same key (the server stores it once).
    server.refuseWith(null);
    send();
    await settle(server);
    expect(server.posts).toHaveLength(2);
    expect(server.posts[1]?.key).toBe(server.posts[0]?.key);
    expect(within(log()).getByText('Алло')).toBeTruthy();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('says the service is unavailable when the connection was lost, and keeps the text', async () => {
    const server = createSupport();
    renderChat(server);
    server.refuseWith('unavailable');
    await type('Есть кто?');
    send();
    await settle(server);
    expect((await screen.findByRole('alert')).textContent).toBe(DEFAULT_MESSAGES.unavailable);
    expect(textField().value).toBe('Есть кто?');
  });

  it('refuses an empty message in the browser with the contract’s message, posting nothing', async () => {
    const server = createSupport();
    renderChat(server);
    await type('   ');
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Напишите сообщение или прикрепите изображение',
    );
    await settle(server);
    expect(server.posts).toEqual([]);
  });
});
