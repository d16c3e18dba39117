import { NO_PICTURE } from '@core/contracts/identity';
import { files } from '@server/db/schema/index';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { action as profileAction } from '~/routes/resources/profile';
import { actionArgs, formPost, outcomeOf, pageContext } from '../../../tests/setup/actions';
import { createTestApp, type TestApp } from '../../../tests/setup/app';
import { TEST_DATABASE_KINDS } from '../../../tests/setup/database';
import { type SignedInCustomer, signIn } from '../../../tests/setup/identity';

/**
 * The profile settings popup's fetcher posts to /resources/profile (ADR 028): the customer first, then
 * PUT /api/user/me/update's contract and the identity service.
 */
describe.each(TEST_DATABASE_KINDS)('profile action on %s', (kind) => {
  let t: TestApp;
  let phoneCounter = 0;

  beforeAll(async () => {
    t = await createTestApp(kind);
  });

  afterAll(async () => {
    await t?.close();
  });

  async function customer(): Promise<SignedInCustomer> {
    phoneCounter += 1;
    return signIn(t, `+7 (916) 500-00-${String(phoneCounter).padStart(2, '0')}`, 'Анна');
  }

  const post = (who: SignedInCustomer | null, form: Record<string, string>) =>
    profileAction(
      actionArgs(formPost('/resources/profile', form), pageContext(t, who?.user ?? null), {
        params: {},
        pattern: '/resources/profile',
      }),
    );

  it('refuses a guest with 401 before it reads the form', async () => {
    expect(outcomeOf(await post(null, { email: 'not an email' }))).toMatchObject({
      kind: 'data',
      status: 401,
      data: { ok: false, message: 'Необходимо авторизоваться' },
    });
  });

  it('answers bad fields with the contract’s messages and changes nothing', async () => {
    const anna = await customer();
    expect(outcomeOf(await post(anna, { name: 'Анна', phone: anna.user.phone, email: 'anna@' }))).toEqual({
      kind: 'data',
      status: 400,
      data: {
        ok: false,
        message: 'Введите существующую почту',
        fields: { email: 'Введите существующую почту' },
        // Conform's lastResult (ADR 042): the errors on the contract's fields and what was posted.
        result: expect.objectContaining({
          status: 'error',
          error: { email: ['Введите существующую почту'] },
          initialValue: { name: 'Анна', phone: anna.user.phone, email: 'anna@' },
        }),
      },
    });
    expect((await t.app.services.identity.getUser(anna.user._id)).email).toBeNull();
  });

  it('saves name and email; the picture is kept unless the form names it', async () => {
    const anna = await customer();
    // The phone as the form sends it (digits, a leading 8): the same number, not a change.
    const digits = `8${anna.user.phone.slice(2)}`;
    const saved = outcomeOf(
      await post(anna, { name: '  Анна   Петрова ', phone: digits, email: 'anna@example.ru' }),
    );
    expect(saved).toMatchObject({
      kind: 'data',
      status: 200,
      data: { ok: true, user: { name: 'Анна Петрова', email: 'anna@example.ru', img: null } },
    });
  });

  it('asks for the code sent to a new number', async () => {
    const anna = await customer();
    expect(
      outcomeOf(await post(anna, { name: 'Анна', phone: '+7 (916) 599-99-99', email: 'anna@example.ru' })),
    ).toMatchObject({
      kind: 'data',
      status: 400,
      data: { ok: false, fields: { code: 'Введите код из SMS, отправленного на новый номер' } },
    });
    expect((await t.app.services.identity.getUser(anna.user._id)).phone).toBe(anna.user.phone);
  });

  it('never sends the code back with a refusal', async () => {
    const anna = await customer();
    const refused = outcomeOf(
      await post(anna, { name: 'Анна', phone: '+7 (916) 599-99-98', email: 'anna@example.ru', code: '1234' }),
    );
    expect(refused).toMatchObject({ status: 400, data: { ok: false, result: { status: 'error' } } });
    expect(JSON.stringify(refused)).not.toContain('1234');
  });

  it('removes the picture when the form says so, keeps it when the form does not name it', async () => {
    const anna = await customer();
    const [file] = await t.db.db
      .insert(files)
      .values({
        userId: anna.user._id,
        storageKey: `avatars/${crypto.randomUUID()}.webp`,
        path: '/uploads/anna.webp',
        contentType: 'image/webp',
        width: 10,
        height: 10,
        sizeBytes: 10,
      })
      .returning();
    if (!file) throw new Error('no file');
    const form = { name: 'Анна', phone: anna.user.phone, email: 'anna@example.ru' };
    expect(outcomeOf(await post(anna, { ...form, file: file.id }))).toMatchObject({
      status: 200,
      data: { user: { img: { _id: file.id } } },
    });
    expect(outcomeOf(await post(anna, form))).toMatchObject({ data: { user: { img: { _id: file.id } } } });
    expect(outcomeOf(await post(anna, { ...form, file: NO_PICTURE }))).toMatchObject({
      status: 200,
      data: { user: { img: null } },
    });
  });

  it('refuses a picture that is not the customer’s upload', async () => {
    const anna = await customer();
    expect(
      outcomeOf(
        await post(anna, {
          name: 'Анна',
          phone: anna.user.phone,
          email: 'anna@example.ru',
          file: crypto.randomUUID(),
        }),
      ),
    ).toMatchObject({
      kind: 'data',
      status: 400,
      data: { fields: { file: 'Изображение не найдено, загрузите его ещё раз' } },
    });
  });
});
