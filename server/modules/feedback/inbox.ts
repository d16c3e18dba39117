/**
 * The console's inbox (ADR 045): the feedback popup's questions and the vacancies' applications, for the
 * support team (operators of every shop). A question is answered (a signed-in sender gets the answer in the
 * support chat, with a notification) or closed; an application is closed; a CV is read by operators only.
 */
import type { ApplicationList, Question, QuestionList } from '@core/contracts/feedback';
import type { QuestionStatus } from '@core/rules/feedback';
import { REVIEWS_PAGE_SIZE as PAGE_SIZE } from '@core/rules/reviews';
import { AppError } from '../../errors';
import {
  APPLICATION_NOT_FOUND,
  type FeedbackDeps,
  nowOf,
  QUESTION_NOT_FOUND,
  SUPPORT_TEAM_ONLY,
} from './feedback.deps';
import { presentApplication, presentQuestion } from './feedback.presenter';
import {
  type CvFile,
  findApplications,
  findCv,
  findQuestion,
  findQuestions,
  setApplicationStatus,
  updateQuestion,
} from './feedback.repository';
import { inboxRates } from './feedback-rates';

export type InboxQuery = { status: QuestionStatus | 'all'; page: number };

/** The support team: an operator of every shop (the caller has checked the operator role). */
async function requireTeam(deps: Pick<FeedbackDeps, 'support'>, operatorId: string): Promise<void> {
  if ((await deps.support.storesOf(operatorId)) !== null) throw new AppError('forbidden', SUPPORT_TEAM_ONLY);
}

const pageOf = (query: InboxQuery) => ({ limit: PAGE_SIZE, offset: (query.page - 1) * PAGE_SIZE });
const pagesOf = (total: number) => Math.max(1, Math.ceil(total / PAGE_SIZE));

export async function listQuestions(
  deps: FeedbackDeps,
  operatorId: string,
  query: InboxQuery,
): Promise<QuestionList> {
  await requireTeam(deps, operatorId);
  const { rows, total } = await findQuestions(deps.db, query.status, pageOf(query));
  return { success: true, questions: rows.map(presentQuestion), page: query.page, pages: pagesOf(total) };
}

export async function listApplications(
  deps: FeedbackDeps,
  operatorId: string,
  query: InboxQuery,
): Promise<ApplicationList> {
  await requireTeam(deps, operatorId);
  const [{ rows, total }, { items }] = await Promise.all([
    findApplications(deps.db, query.status, pageOf(query)),
    deps.content.listVacancies(),
  ]);
  const vacancies = new Map(items.map((item) => [item._id, item]));
  return {
    success: true,
    applications: rows.map((row) => presentApplication(row, vacancies)),
    page: query.page,
    pages: pagesOf(total),
  };
}

/** Answers a question: stored with it, and sent to a signed-in sender's support chat. */
export async function answerQuestion(
  deps: FeedbackDeps,
  operatorId: string,
  id: string,
  text: string,
  ip: string,
): Promise<Question> {
  await requireTeam(deps, operatorId);
  await deps.rates.take(inboxRates(operatorId));
  const question = await findQuestion(deps.db, id);
  if (!question) throw new AppError('not_found', QUESTION_NOT_FOUND);
  if (question.userId) {
    await deps.support.writeToCustomer(
      operatorId,
      question.userId,
      `Ответ на ваше обращение «${question.message.slice(0, 80)}»:\n${text}`,
      ip,
    );
  }
  const row = await updateQuestion(deps.db, id, {
    status: 'answered',
    answer: text,
    answeredAt: nowOf(deps),
    answeredBy: operatorId,
  });
  return presentQuestion(row);
}

export async function closeQuestion(deps: FeedbackDeps, operatorId: string, id: string): Promise<Question> {
  await requireTeam(deps, operatorId);
  await deps.rates.take(inboxRates(operatorId));
  if (!(await findQuestion(deps.db, id))) throw new AppError('not_found', QUESTION_NOT_FOUND);
  return presentQuestion(await updateQuestion(deps.db, id, { status: 'closed' }));
}

export async function closeApplication(deps: FeedbackDeps, operatorId: string, id: string): Promise<void> {
  await requireTeam(deps, operatorId);
  await deps.rates.take(inboxRates(operatorId));
  if (!(await setApplicationStatus(deps.db, id, 'closed')))
    throw new AppError('not_found', APPLICATION_NOT_FOUND);
}

/** An application's CV: for the support team only; none (or no application) is not found. */
export async function readCv(deps: FeedbackDeps, operatorId: string, applicationId: string): Promise<CvFile> {
  await requireTeam(deps, operatorId);
  const file = await findCv(deps.db, applicationId);
  if (!file) throw new AppError('not_found', APPLICATION_NOT_FOUND);
  return file;
}
