import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { type BrowserContext, expect, type Locator, type Page, type TestInfo } from '@playwright/test';

/** The login popup 'Добро пожаловать'. */
export class LoginDialog {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Добро пожаловать' });
  }

  get name(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Имя' });
  }

  get phone(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Телефон' });
  }

  get submit(): Locator {
    return this.dialog.getByRole('button', { name: 'Получить код' });
  }
}

/** The SMS code popup 'Введите код'. */
export class CodeDialog {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Введите код' });
  }

  get code(): Locator {
    return this.dialog.getByRole('textbox', { name: 'Код из SMS' });
  }

  get submit(): Locator {
    return this.dialog.getByRole('button', { name: 'Войти', exact: true });
  }

  get resend(): Locator {
    return this.dialog.getByRole('button', { name: /^Отправить код повторно/ });
  }

  get changeNumber(): Locator {
    return this.dialog.getByRole('button', { name: 'Изменить номер' });
  }
}

/** The profile settings popup 'Настройки профиля'. */
export class ProfileDialog {
  constructor(readonly page: Page) {}

  get dialog(): Locator {
    return this.page.getByRole('dialog', { name: 'Настройки профиля' });
  }

  field(name: 'Имя' | 'Телефон' | 'Электронная почта' | 'Код из SMS'): Locator {
    return this.dialog.getByRole('textbox', { name, exact: true });
  }

  /** The hidden file input behind 'Загрузить фото'. */
  get fileInput(): Locator {
    return this.dialog.locator('input[type="file"]');
  }

  get save(): Locator {
    return this.dialog.getByRole('button', { name: 'Сохранить' });
  }
}

/** The personal cabinet at /lk. */
export class CabinetPage {
  constructor(readonly page: Page) {}

  get heading(): Locator {
    return this.page.getByRole('heading', { level: 1, name: 'Личный кабинет' });
  }

  get tabs(): Locator {
    return this.page.getByRole('tablist', { name: 'Разделы личного кабинета' }).getByRole('tab');
  }

  get panel(): Locator {
    return this.page.getByRole('tabpanel');
  }

  get profile(): Locator {
    return this.page.getByRole('region', { name: 'Профиль' });
  }
}

/** Signs in from the header's 'Войти' through the login and code popups, as a customer does. */
export async function signInThroughPopups(page: Page, name: string, phoneDigits: string): Promise<void> {
  if (page.url() === 'about:blank') await page.goto('/');
  await page.getByRole('banner').getByRole('button', { name: 'Войти' }).click();
  const login = new LoginDialog(page);
  await login.name.fill(name);
  await login.phone.pressSequentially(phoneDigits);
  await login.submit.click();
  const code = new CodeDialog(page);
  await code.code.fill(await codeFromOutbox(`+7${phoneDigits}`));
  await code.submit.click();
  await expect(code.dialog).toBeHidden();
}

/** Warning toasts are alerts (read out at once); success and info toasts are statuses. */
export function toast(page: Page, text: string, role: 'alert' | 'status' = 'status'): Locator {
  return page
    .getByRole('region', { name: 'Уведомления', exact: true })
    .getByRole(role)
    .filter({ hasText: text });
}

/** The SMS outbox the journeys' server writes to (playwright.config.ts sets the variable). */
export function smsOutbox(): string {
  const file = process.env.E2E_SMS_OUTBOX;
  if (!file) throw new Error('E2E_SMS_OUTBOX is not set: run the journeys through playwright.config.ts');
  return file;
}

async function smsTo(phone: string): Promise<{ code: string; at: string }[]> {
  let content = '';
  try {
    content = await readFile(smsOutbox(), 'utf8');
  } catch {
    return [];
  }
  return content
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line) as { phone: string; code: string; at: string })
    .filter((message) => message.phone === phone);
}

/** Waits for the n-th SMS to a phone (+7XXXXXXXXXX) and returns its code. */
export async function codeFromOutbox(phone: string, nth = 1): Promise<string> {
  await expect
    .poll(async () => (await smsTo(phone)).length, { message: `SMS number ${nth} to ${phone}` })
    .toBeGreaterThanOrEqual(nth);
  const message = (await smsTo(phone))[nth - 1];
  if (!message) throw new Error(`no SMS number ${nth} to ${phone}`);
  return message.code;
}

export async function smsCount(phone: string): Promise<number> {
  return (await smsTo(phone)).length;
}

/**
 * Each journey presents its own client address to the server (which trusts loopback as a proxy in the
 * journeys), so the per-IP limit of SMS codes counts each journey apart, as it would count customers. A
 * journey with several people (browser contexts) names each one (`who`) to give them addresses of their own.
 */
export async function actAsDistinctClient(
  context: BrowserContext,
  testInfo: TestInfo,
  who?: string,
): Promise<void> {
  const digest = createHash('sha256')
    .update([...testInfo.titlePath, ...(who ? [who] : [])].join('/'))
    .digest();
  await context.setExtraHTTPHeaders({
    'X-Forwarded-For': `198.51.${digest[0]}.${((digest[1] ?? 0) % 250) + 1}`,
  });
}
