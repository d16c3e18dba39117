/** Feedback rows → the console's shapes (ADR 045). */
import type { Application, Question } from '@core/contracts/feedback';
import type { ApplicationWithCv, QuestionRow } from './feedback.repository';

export function presentQuestion(row: QuestionRow): Question {
  return {
    _id: row.id,
    name: row.name,
    phone: row.phone,
    message: row.message,
    link: row.link,
    status: row.status,
    is_customer: row.userId !== null,
    answer: row.answer,
    answered_at: row.answeredAt?.toISOString() ?? null,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentApplication(
  row: ApplicationWithCv,
  vacancies: ReadonlyMap<string, { title: string; city: string }>,
): Application {
  const vacancy = vacancies.get(row.vacancyId);
  return {
    _id: row.id,
    vacancy: { _id: row.vacancyId, title: vacancy?.title ?? 'Вакансия закрыта', city: vacancy?.city ?? '' },
    name: row.name,
    phone: row.phone,
    email: row.email,
    letter: row.letter,
    status: row.status,
    cv: row.cv ? { name: row.cv.fileName, size: row.cv.size, type: row.cv.contentType } : null,
    created_at: row.createdAt.toISOString(),
  };
}
