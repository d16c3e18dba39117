/**
 * The feedback popup, job applications and the console's inbox through app.inject() on PGlite and PostgreSQL
 * (issue 24, ADR 045): SPEC §5's rules with Russian messages, the honeypot, rates per address and per phone
 * (100 rapid posts from one address: 429 after the limit, nothing lost before it), the answer reaching a
 * signed-in sender's chat, CVs checked by their bytes and readable by the support team only.
 */
import { ErrorBodySchema } from '@core/contracts/common';
import { ApplicationListSchema, QuestionListSchema } from '@core/contracts/feedback';
import { ChatHistorySchema } from '@core/contracts/support';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import {
  phoneSequence,
  type SignedInCustomer,
  signIn,
  testClientAddress,
} from '../../../tests/setup/identity';
import { signInOperator } from '../../../tests/setup/realtime';
import { applicationFiles, jobApplications, questions, stores, vacancies } from '../../db/schema/index';
import {
  APPLICATIONS_PER_ADDRESS_HOUR,
  QUESTIONS_PER_ADDRESS_HOUR,
  QUESTIONS_PER_PHONE_DAY,
} from './feedback.service';

const nextPhone = phoneSequence('8926');
/** A form's phone as the popup sends it: digits only, a leading 8 (SPEC §5). */
const formPhone = () => nextPhone().replace(/\D/g, '').replace(/^7/, '8');

const PDF = Buffer.concat([Buffer.from('%PDF-1.4\n'), Buffer.alloc(2048, 0x20), Buffer.from('\n%%EOF\n')]);
const PNG = Buffer.from('89504e470d0a1a0a0000000d49484452', 'hex');

describe.each(TEST_DATABASE_KINDS)('feedback and applications on %s', (kind) => {
  let t: TestApp;
  let operator: SignedInCustomer;
  let vacancyId: string;

  beforeAll(async () => {
    t = await createTestApp(kind);
    operator = await signInOperator(t, nextPhone());
    const [vacancy] = await t.db.db.select().from(vacancies).where(eq(vacancies.isOpen, true)).limit(1);
    vacancyId = vacancy?.id ?? '';
  });

  afterAll(async () => {
    await t?.close();
  });

  const message = (body: string) => ErrorBodySchema.parse(JSON.parse(body)).message;

  const ask = (payload: object, remoteAddress = testClientAddress(), headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'POST', url: '/api/questions', payload, remoteAddress, headers });

  const question = (overrides: object = {}) => ({
    name: 'Анна Петрова',
    phone: formPhone(),
    message: 'Когда привезут творог?',
    checked: true,
    link: '/contacts',
    ...overrides,
  });

  const storedWith = async (text: string) =>
    t.db.db.select().from(questions).where(eq(questions.message, text));

  /** A multipart application: its fields, and a CV when given. */
  function application(fields: Record<string, string>, cv?: { name: string; data: Buffer; type: string }) {
    const boundary = 'x-fresh-boundary';
    const parts: Buffer[] = Object.entries(fields).map(([name, value]) =>
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
    if (cv) {
      parts.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="cv"; filename="${cv.name}"\r\nContent-Type: ${cv.type}\r\n\r\n`,
        ),
        cv.data,
        Buffer.from('\r\n'),
      );
    }
    parts.push(Buffer.from(`--${boundary}--\r\n`));
    return {
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat(parts),
    };
  }

  const applyWith = (
    fields: Record<string, string>,
    cv?: { name: string; data: Buffer; type: string },
    remoteAddress = testClientAddress(),
  ) =>
    t.app.inject({
      method: 'POST',
      url: '/api/vacancy/applications',
      remoteAddress,
      ...application(fields, cv),
    });

  const applicant = (overrides: Record<string, string> = {}) => ({
    vacancy: vacancyId,
    name: 'Игорь',
    phone: formPhone(),
    email: 'igor@example.ru',
    letter: 'Работал курьером два года.',
    checked: 'on',
    ...overrides,
  });

  it('stores a question and answers {success: true}', async () => {
    const response = await ask(question({ message: 'Есть ли доставка в Тутаев?' }));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const [row] = await storedWith('Есть ли доставка в Тутаев?');
    expect(row).toMatchObject({ name: 'Анна Петрова', link: '/contacts', status: 'open', userId: null });
    expect(row?.phone).toMatch(/^\+7\d{10}$/);
  });

  it('refuses what SPEC §5 refuses, in Russian, and stores nothing', async () => {
    const cases: [object, string][] = [
      [{ name: '' }, 'Обязательное поле'],
      [{ name: 'Анна2' }, 'Имя может содержать только буквы и пробелы'],
      [{ name: 'Анна Мария Петровна Иванова Сидорова' }, 'Не более 4 слов'],
      [{ phone: '' }, 'Обязательное поле'],
      [{ phone: '8900123' }, 'Введите существующий номер телефона'],
      [{ message: '  ' }, 'Обязательное поле'],
      [{ message: 'я'.repeat(301) }, 'Сообщение — не длиннее 300 символов'],
      [{ message: 'при\u0007вет' }, 'Текст содержит недопустимые символы'],
      [{ checked: false }, 'Нужно согласие на обработку персональных данных'],
      [{ checked: undefined }, 'Нужно согласие на обработку персональных данных'],
    ];
    for (const [overrides, expected] of cases) {
      const response = await ask(
        question({ ...overrides, message: 'message' in overrides ? overrides.message : 'Отказ' }),
      );
      expect(response.statusCode, JSON.stringify(overrides)).toBe(400);
      expect(message(response.body)).toBe(expected);
    }
    expect(await storedWith('Отказ')).toHaveLength(0);
    const tooLarge = await ask(question({ link: 'x'.repeat(20_000) }));
    expect(tooLarge.statusCode).toBe(413);
  });

  it('answers a bot that fills the honeypot as if taken, and drops its post', async () => {
    const response = await ask(question({ message: 'Купите рекламу', website: 'http://spam.example' }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    expect(await storedWith('Купите рекламу')).toHaveLength(0);
  });

  it('gets 429 after the limit from 100 rapid posts of one address, with nothing lost before it', async () => {
    const address = testClientAddress();
    const answers = await Promise.all(
      Array.from({ length: 100 }, (_, index) => ask(question({ message: `Поток ${index}` }), address)),
    );
    const taken = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(taken).toHaveLength(QUESTIONS_PER_ADDRESS_HOUR);
    expect(refused).toHaveLength(100 - QUESTIONS_PER_ADDRESS_HOUR);
    expect(refused[0]?.headers['retry-after']).toBeDefined();
    expect(message(refused[0]?.body ?? '{}')).toMatch(/^Слишком много обращений. Повторите через/);
    const stored = await t.db.db.select({ message: questions.message }).from(questions);
    const flood = stored.filter((row) => row.message.startsWith('Поток '));
    expect(flood).toHaveLength(QUESTIONS_PER_ADDRESS_HOUR);
  });

  it('caps one phone a day from any address', async () => {
    const phone = formPhone();
    const codes = [];
    for (let i = 0; i <= QUESTIONS_PER_PHONE_DAY; i += 1) {
      codes.push((await ask(question({ phone, message: `Телефон ${i}` }))).statusCode);
    }
    expect(codes).toEqual([...Array(QUESTIONS_PER_PHONE_DAY).fill(200), 429]);
  });

  it('lets the support team answer: a signed-in sender gets it in the support chat, with a notification', async () => {
    const customer = await signIn(t, nextPhone(), 'Вера');
    const sent = await ask(question({ message: 'Где мой бонус?' }), testClientAddress(), customer.headers);
    expect(sent.statusCode, sent.body).toBe(200);
    const guestSent = await ask(question({ message: 'Вопрос гостя' }));
    expect(guestSent.statusCode).toBe(200);
    const listed = QuestionListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/operator/questions', headers: operator.headers })
      ).json(),
    );
    const ours = listed.questions.find((item) => item.message === 'Где мой бонус?');
    const guests = listed.questions.find((item) => item.message === 'Вопрос гостя');
    expect(ours?.is_customer).toBe(true);
    expect(guests?.is_customer).toBe(false);
    const empty = await t.app.inject({
      method: 'POST',
      url: `/api/operator/questions/${ours?._id}/answer`,
      headers: operator.headers,
      payload: { text: ' ' },
    });
    expect(empty.statusCode).toBe(400);
    expect(message(empty.body)).toBe('Напишите ответ');
    const answered = await t.app.inject({
      method: 'POST',
      url: `/api/operator/questions/${ours?._id}/answer`,
      headers: operator.headers,
      payload: { text: 'Бонус начислен' },
    });
    expect(answered.statusCode, answered.body).toBe(200);
    const chat = ChatHistorySchema.parse(
      (await t.app.inject({ method: 'GET', url: '/api/chat', headers: customer.headers })).json(),
    );
    expect(chat.messages.at(-1)?.text).toContain('Бонус начислен');
    expect(chat.messages.at(-1)?.author).toBe('operator');
    const notifications = await t.app.inject({
      method: 'GET',
      url: '/api/notification',
      headers: customer.headers,
    });
    expect(notifications.body).toContain('Бонус начислен');
    const closed = await t.app.inject({
      method: 'POST',
      url: `/api/operator/questions/${guests?._id}/close`,
      headers: operator.headers,
    });
    expect(closed.statusCode, closed.body).toBe(200);
    const [row] = await storedWith('Вопрос гостя');
    expect(row?.status).toBe('closed');
  });

  it('keeps the inbox to the support team: 401 for a guest, 403 for a customer and a shop operator', async () => {
    for (const url of ['/api/operator/questions', '/api/operator/applications']) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      const customer = await signIn(t, nextPhone());
      expect((await t.app.inject({ method: 'GET', url, headers: customer.headers })).statusCode).toBe(403);
      const [store] = await t.db.db.select().from(stores).limit(1);
      const shopOperator = await signInOperator(t, nextPhone(), [store?.id ?? '']);
      const refused = await t.app.inject({ method: 'GET', url, headers: shopOperator.headers });
      expect(refused.statusCode).toBe(403);
      expect(message(refused.body)).toBe('Обращения видят операторы поддержки всех магазинов');
    }
  });

  it('stores an application with its PDF, which only the support team downloads', async () => {
    const response = await applyWith(applicant({ letter: 'С PDF' }), {
      name: 'Резюме Игоря.pdf',
      data: PDF,
      type: 'application/pdf',
    });
    expect(response.statusCode, response.body).toBe(200);
    const listed = ApplicationListSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: '/api/operator/applications', headers: operator.headers })
      ).json(),
    );
    const ours = listed.applications.find((item) => item.letter === 'С PDF');
    expect(ours?.cv).toEqual({ name: 'Резюме Игоря.pdf', size: PDF.length, type: 'application/pdf' });
    const url = `/api/operator/applications/${ours?._id}/cv`;
    const file = await t.app.inject({ method: 'GET', url, headers: operator.headers });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.headers['content-disposition']).toMatch(/^attachment;/);
    expect(file.rawPayload.equals(PDF)).toBe(true);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    const customer = await signIn(t, nextPhone());
    expect((await t.app.inject({ method: 'GET', url, headers: customer.headers })).statusCode).toBe(403);
  });

  it('refuses a CV that is not a PDF, DOC or DOCX by its bytes, or over 5 MB, and bad fields', async () => {
    const disguised = await applyWith(applicant(), { name: 'cv.pdf', data: PNG, type: 'application/pdf' });
    expect(disguised.statusCode).toBe(415);
    expect(message(disguised.body)).toBe('Резюме — файл PDF, DOC или DOCX');
    const huge = await applyWith(applicant(), {
      name: 'cv.pdf',
      data: Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024)]),
      type: 'application/pdf',
    });
    expect(huge.statusCode).toBe(413);
    expect(message(huge.body)).toBe('Резюме — файл до 5 МБ');
    const noConsent = await applyWith({ ...applicant(), checked: '' });
    expect(noConsent.statusCode).toBe(400);
    expect(message(noConsent.body)).toBe('Нужно согласие на обработку персональных данных');
    const badEmail = await applyWith(applicant({ email: 'igor@' }));
    expect(badEmail.statusCode).toBe(400);
    expect(message(badEmail.body)).toBe('Введите существующую почту');
    const unknown = await applyWith(applicant({ vacancy: '00000000-0000-4000-8000-000000000000' }));
    expect(unknown.statusCode).toBe(404);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/vacancy/applications',
      payload: applicant(),
    });
    expect(json.statusCode).toBe(415);
    const rows = await t.db.db
      .select()
      .from(jobApplications)
      .where(eq(jobApplications.letter, 'Работал курьером два года.'));
    expect(rows).toHaveLength(0);
  });

  it('caps applications per address, storing those before the cap with their files', async () => {
    const address = testClientAddress();
    const codes = [];
    for (let i = 0; i <= APPLICATIONS_PER_ADDRESS_HOUR; i += 1) {
      const answer = await applyWith(
        applicant({ letter: `Адрес ${i}` }),
        { name: 'cv.pdf', data: PDF, type: 'application/pdf' },
        address,
      );
      codes.push(answer.statusCode);
    }
    expect(codes).toEqual([...Array(APPLICATIONS_PER_ADDRESS_HOUR).fill(200), 429]);
    const files = await t.db.db.select({ size: applicationFiles.size }).from(applicationFiles);
    expect(files.length).toBeGreaterThanOrEqual(APPLICATIONS_PER_ADDRESS_HOUR);
  });
});
