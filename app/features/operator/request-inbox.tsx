import type { ApplicationList, InboxForm, QuestionList } from '@core/contracts/feedback';
import { formatDate } from '@core/rules/date';
import { QUESTION_ANSWER_MAX_LENGTH, QUESTION_STATUS_LABELS } from '@core/rules/feedback';
import { formatPhone } from '@core/rules/phone';
import { Form, Link } from 'react-router';
import { Button } from '~/components/ui/aria-button';
import { FormTextField } from '~/components/ui/form-fields';
import { HiddenFields } from '~/components/ui/hidden-fields';
import { Pagination } from '~/components/ui/pagination';
import { cx } from '~/lib/cx';
import {
  INBOX_KINDS,
  INBOX_STATUSES,
  type InboxKind,
  type InboxStatus,
  requestsHref,
} from './operator-links';

const CARD = 'rounded-3xl bg-white p-5 shadow-card';
const FILTER =
  'inline-flex rounded-full bg-white px-4 py-2 text-[15px] font-medium shadow-card aria-[current=page]:bg-brand-50 aria-[current=page]:text-brand-800';

/**
 * The console's inbox (ADR 045): the feedback popup's questions (answer: a signed-in sender gets it in the
 * support chat; or close) and the vacancies' applications (the CV downloaded by the operator, close). Plain
 * forms to the page's action: they work without JavaScript.
 */
export function RequestInbox({
  kind,
  status,
  questions,
  applications,
}: {
  kind: InboxKind;
  status: InboxStatus;
  questions: QuestionList | null;
  applications: ApplicationList | null;
}) {
  const list = questions ?? applications;
  return (
    <section aria-label="Обращения" className="flex flex-col gap-4">
      <nav aria-label="Вид обращений">
        <ul className="flex flex-wrap gap-2">
          {INBOX_KINDS.map((item) => (
            <li key={item.key}>
              <Link
                to={requestsHref(item.key, status)}
                aria-current={item.key === kind ? 'page' : undefined}
                className={FILTER}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      <nav aria-label="Состояние обращений">
        <ul className="flex flex-wrap gap-2">
          {INBOX_STATUSES.map((item) => (
            <li key={item.key}>
              <Link
                to={requestsHref(kind, item.key)}
                aria-current={item.key === status ? 'page' : undefined}
                className={FILTER}
              >
                {item.label}
              </Link>
            </li>
          ))}
        </ul>
      </nav>
      {questions ? <Questions list={questions} /> : null}
      {applications ? <Applications list={applications} /> : null}
      {list ? (
        <Pagination
          page={list.page}
          totalPages={list.pages}
          label="Страницы обращений"
          hrefFor={(page) => requestsHref(kind, status, page)}
        />
      ) : null}
    </section>
  );
}

function Questions({ list }: { list: QuestionList }) {
  if (list.questions.length === 0) return <p className={CARD}>Обращений нет</p>;
  return (
    <ol className="flex flex-col gap-4">
      {list.questions.map((question) => (
        <li key={question._id}>
          <article aria-label={`Обращение: ${question.name}`} className={CARD}>
            <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 className="font-bold">{question.name}</h3>
              <a href={`tel:${question.phone}`} className="tabular-nums text-brand-700">
                {formatPhone(question.phone)}
              </a>
              <span className="text-sm text-muted">
                {formatDate(question.created_at)} · {QUESTION_STATUS_LABELS[question.status]}
                {question.is_customer ? ' · покупатель' : ' · гость'}
                {question.link ? ` · со страницы ${question.link}` : ''}
              </span>
            </header>
            <p className="mt-2 text-[15px] whitespace-pre-line break-words">{question.message}</p>
            {question.answer ? (
              <p className="mt-3 rounded-2xl bg-brand-50 p-3 text-[15px] whitespace-pre-line break-words">
                <span className="font-bold text-brand-800">Ответ: </span>
                {question.answer}
              </p>
            ) : null}
            {question.status === 'open' ? (
              <div className="mt-4 flex flex-wrap items-end gap-4">
                <Form method="post" className="flex min-w-[260px] flex-1 flex-col gap-2">
                  <HiddenFields<InboxForm> values={{ intent: 'answer', question: question._id }} />
                  <FormTextField
                    label={
                      question.is_customer
                        ? 'Ответ (придёт в чат поддержки)'
                        : 'Ответ (позвоните или запишите здесь)'
                    }
                    name="text"
                    isMultiline
                    maxLength={QUESTION_ANSWER_MAX_LENGTH}
                  />
                  <Button type="submit" variant="secondary" size="sm" className="self-start">
                    Ответить
                  </Button>
                </Form>
                <Form method="post">
                  <HiddenFields<InboxForm> values={{ intent: 'close-question', question: question._id }} />
                  <Button type="submit" variant="outline" size="sm">
                    Закрыть без ответа
                  </Button>
                </Form>
              </div>
            ) : null}
          </article>
        </li>
      ))}
    </ol>
  );
}

function Applications({ list }: { list: ApplicationList }) {
  if (list.applications.length === 0) return <p className={CARD}>Откликов нет</p>;
  return (
    <ol className="flex flex-col gap-4">
      {list.applications.map((application) => (
        <li key={application._id}>
          <article aria-label={`Отклик: ${application.name}`} className={CARD}>
            <header className="flex flex-wrap items-center gap-x-3 gap-y-1">
              <h3 className="font-bold">{application.name}</h3>
              <span className="text-sm text-muted">
                {application.vacancy.title}
                {application.vacancy.city ? `, ${application.vacancy.city}` : ''} ·{' '}
                {formatDate(application.created_at)} · {QUESTION_STATUS_LABELS[application.status]}
              </span>
            </header>
            <p className="mt-1 text-[15px]">
              <a href={`tel:${application.phone}`} className="tabular-nums text-brand-700">
                {formatPhone(application.phone)}
              </a>{' '}
              ·{' '}
              <a href={`mailto:${application.email}`} className="text-brand-700">
                {application.email}
              </a>
            </p>
            {application.letter ? (
              <p className="mt-2 text-[15px] whitespace-pre-line break-words">{application.letter}</p>
            ) : null}
            <div className="mt-4 flex flex-wrap items-center gap-3">
              {application.cv ? (
                <a
                  href={`/api/operator/applications/${application._id}/cv`}
                  download={application.cv.name}
                  className={cx('font-semibold text-brand-700 underline')}
                >
                  Скачать резюме: {application.cv.name} ({Math.ceil(application.cv.size / 1024)} КБ)
                </a>
              ) : (
                <span className="text-sm text-muted">Без резюме</span>
              )}
              {application.status === 'open' ? (
                <Form method="post">
                  <HiddenFields<InboxForm>
                    values={{ intent: 'close-application', application: application._id }}
                  />
                  <Button type="submit" variant="outline" size="sm">
                    Рассмотрено
                  </Button>
                </Form>
              ) : null}
            </div>
          </article>
        </li>
      ))}
    </ol>
  );
}
