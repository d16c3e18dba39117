/**
 * The open forms (issue 24, ADR 045): the feedback popup's question and a vacancy's application. Each takes
 * from its address's and its phone's rates first (429 after them, nothing stored), drops a bot's post (the
 * honeypot filled) as if it were taken, stores the rest, and then mails the support team when a mailbox is
 * configured (a mail that fails is logged: the request is stored and in the console's inbox).
 */
import { CV_CONTENT_TYPES, CV_MAX_BYTES, HONEYPOT_FIELD, sniffCv } from '@core/rules/feedback';
import { formatPhone } from '@core/rules/phone';
import { AppError } from '../../errors';
import { type FeedbackDeps, nowOf, VACANCY_NOT_FOUND } from './feedback.deps';
import { type CvFile, insertApplication, insertQuestion } from './feedback.repository';
import { applicationRates, questionRates } from './feedback-rates';

export const CV_TOO_LARGE_MESSAGE = 'Резюме — файл до 5 МБ';
export const CV_TYPE_MESSAGE = 'Резюме — файл PDF, DOC или DOCX';

export type QuestionWrite = {
  name: string;
  phone: string;
  message: string;
  link: string;
  [HONEYPOT_FIELD]?: string | undefined;
};
export type ApplicationWrite = {
  vacancy: string;
  name: string;
  phone: string;
  email: string;
  letter: string;
  [HONEYPOT_FIELD]?: string | undefined;
};
export type Origin = { ip: string; userId: string | null };
/** A CV as the request carried it: its name as the visitor's computer called it, and its bytes. */
export type CvUpload = { fileName: string; data: Buffer };

async function mail(
  deps: Pick<FeedbackDeps, 'mailer' | 'log'>,
  subject: string,
  text: string,
  replyTo?: string,
) {
  if (!deps.mailer) return;
  try {
    await deps.mailer.send({ subject, text, ...(replyTo ? { replyTo } : {}) });
  } catch (error) {
    deps.log?.warn({ err: error }, 'feedback: the support mail was not sent; the request is stored');
  }
}

export async function sendQuestion(deps: FeedbackDeps, input: QuestionWrite, origin: Origin): Promise<void> {
  await deps.rates.take(questionRates(origin.ip, input.phone));
  if (input[HONEYPOT_FIELD]) return;
  await insertQuestion(deps.db, {
    userId: origin.userId,
    name: input.name,
    phone: input.phone,
    message: input.message,
    link: input.link,
    createdAt: nowOf(deps),
  });
  await mail(
    deps,
    `Обратная связь: ${input.name}`,
    `${input.name}, ${formatPhone(input.phone)}\nСтраница: ${input.link || '—'}\n\n${input.message}`,
  );
}

/** The CV's kind from its bytes, its size within 5 MB; the name kept only as a label, with the right extension. */
export function checkCv(upload: CvUpload): CvFile {
  if (upload.data.length > CV_MAX_BYTES) throw new AppError('payload_too_large', CV_TOO_LARGE_MESSAGE);
  const kind = sniffCv(upload.data);
  if (!kind || upload.data.length === 0) throw new AppError('unsupported_media_type', CV_TYPE_MESSAGE);
  const base = upload.fileName
    .replace(/^.*[\\/]/, '')
    .replace(/\.[^.]*$/, '')
    .replace(/[^\p{L}\p{N} ._-]/gu, '')
    .trim()
    .slice(0, 100);
  return {
    fileName: `${base || 'резюме'}.${kind}`,
    contentType: CV_CONTENT_TYPES[kind],
    size: upload.data.length,
    data: upload.data,
  };
}

export async function applyForJob(
  deps: FeedbackDeps,
  input: ApplicationWrite,
  cv: CvUpload | null,
  origin: Origin,
): Promise<void> {
  const { items } = await deps.content.listVacancies();
  const vacancy = items.find((item) => item._id === input.vacancy);
  if (!vacancy) throw new AppError('not_found', VACANCY_NOT_FOUND);
  const file = cv ? checkCv(cv) : null;
  await deps.rates.take(applicationRates(origin.ip, input.phone));
  if (input[HONEYPOT_FIELD]) return;
  await insertApplication(
    deps.db,
    {
      vacancyId: vacancy._id,
      userId: origin.userId,
      name: input.name,
      phone: input.phone,
      email: input.email,
      letter: input.letter,
      createdAt: nowOf(deps),
    },
    file,
  );
  await mail(
    deps,
    `Отклик на вакансию «${vacancy.title}»: ${input.name}`,
    `${input.name}, ${formatPhone(input.phone)}, ${input.email}\n${vacancy.title}, ${vacancy.city}\n` +
      `Резюме: ${file ? `${file.fileName} (в консоли оператора)` : 'нет'}\n\n${input.letter}`,
    input.email,
  );
}
