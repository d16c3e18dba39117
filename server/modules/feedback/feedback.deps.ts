import type { Db } from '../../db/client';
import type { Clock } from '../../lib/clock';
import type { RateLimiter } from '../../limits/rate-limit';
import type { ContentService } from '../content/content.service';
import type { SupportService } from '../support/support.service';

/** A message to the support team's mailbox (SUPPORT_EMAIL over SMTP); absent: nothing is mailed. */
export type SupportMailer = {
  send(message: { subject: string; text: string; replyTo?: string }): Promise<void>;
};

/**
 * What the feedback popup's and the vacancies' use cases need (ADR 045): rates per address and per phone,
 * the open vacancies (content), the operators and the support chat an answer goes to (support), the mailbox.
 */
export type FeedbackDeps = {
  db: Db;
  clock: Clock;
  rates: RateLimiter;
  content: Pick<ContentService, 'listVacancies'>;
  support: Pick<SupportService, 'storesOf' | 'writeToCustomer'>;
  mailer?: SupportMailer | undefined;
  log?: { warn(details: object, message: string): void } | undefined;
};

export const QUESTION_NOT_FOUND = 'Обращение не найдено';
export const APPLICATION_NOT_FOUND = 'Отклик не найден';
export const VACANCY_NOT_FOUND = 'Вакансия не найдена или уже закрыта';
/** Questions and applications are the whole support team's: an operator of some shops does not see them. */
export const SUPPORT_TEAM_ONLY = 'Обращения видят операторы поддержки всех магазинов';

export const nowOf = (deps: Pick<FeedbackDeps, 'clock'>): Date => new Date(deps.clock.now());
