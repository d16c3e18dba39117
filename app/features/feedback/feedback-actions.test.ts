import { questions } from '@server/db/schema/index';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as inboxAction } from '~/routes/operator-requests';
import { action as feedbackAction } from '~/routes/resources/feedback';
import { actionArgs, formPost, outcomeOf, pageContext } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { phoneSequence, type SignedInCustomer, signIn } from '../../../tests/setup/identity';
import { signInOperator } from '../../../tests/setup/realtime';

const nextPhone = phoneSequence('8927');

/**
 * The 'Обратная связь' popup posts to /resources/feedback and the console's inbox to /operator/requests
 * (ADR 045): the same contract and service as POST /api/questions; a guest may send, a signed-in customer's
 * question remembers them; only the support team answers.
 */
describe.each(TEST_DATABASE_KINDS)('feedback page actions on %s', (kind) => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  const send = (who: SignedInCustomer | null, form: Record<string, string>) =>
    feedbackAction(
      actionArgs(formPost('/resources/feedback', form), pageContext(t, who?.user ?? null), {
        params: {},
        pattern: '/resources/feedback',
      }),
    );

  const form = (message: string) => ({
    name: 'Олег',
    phone: nextPhone().replace(/\D/g, '').replace(/^7/, '8'),
    message,
    checked: 'on',
    link: '/kontakty',
  });

  it("takes a guest's question and remembers a signed-in sender", async () => {
    expect(outcomeOf(await send(null, form('Гость спрашивает')))).toMatchObject({
      status: 200,
      data: { ok: true },
    });
    const customer = await signIn(t, nextPhone(), 'Олег');
    expect(outcomeOf(await send(customer, form('Покупатель спрашивает')))).toMatchObject({
      data: { ok: true },
    });
    const [guest] = await t.db.db.select().from(questions).where(eq(questions.message, 'Гость спрашивает'));
    const [known] = await t.db.db
      .select()
      .from(questions)
      .where(eq(questions.message, 'Покупатель спрашивает'));
    expect(guest?.userId).toBeNull();
    expect(known?.userId).toBe(customer.user._id);
  });

  it('answers missing consent and a long message with the contract’s messages', async () => {
    const { checked: _, ...withoutConsent } = form('Без согласия');
    expect(outcomeOf(await send(null, withoutConsent))).toMatchObject({
      status: 400,
      data: { ok: false, message: 'Нужно согласие на обработку персональных данных' },
    });
    expect(outcomeOf(await send(null, form('я'.repeat(301))))).toMatchObject({
      status: 400,
      data: { message: 'Сообщение — не длиннее 300 символов' },
    });
  });

  it('lets only an operator answer, and sends the answer to the customer’s chat', async () => {
    const customer = await signIn(t, nextPhone(), 'Нина');
    await send(customer, form('Нужен ответ'));
    const [row] = await t.db.db.select().from(questions).where(eq(questions.message, 'Нужен ответ'));
    const answer = (who: SignedInCustomer) =>
      inboxAction(
        actionArgs(
          formPost('/operator/requests', { intent: 'answer', question: row?.id ?? '', text: 'Отвечаем' }),
          pageContext(t, who.user),
          { params: {}, pattern: '/operator/requests' },
        ),
      );
    expect(outcomeOf(await answer(customer))).toMatchObject({ kind: 'data', status: 403 });
    const operator = await signInOperator(t, nextPhone());
    expect(outcomeOf(await answer(operator))).toMatchObject({
      kind: 'redirect',
      location: '/operator/requests',
    });
    const chat = await t.app.services.support.getChat(customer.user._id);
    expect(chat.messages.at(-1)?.text).toContain('Отвечаем');
  });
});
