/**
 * The feedback popup 'Обратная связь' (SPEC §2, §3 Question: name, phone, message, checked, link; §5, §7 POST
 * /api/questions, §8) and the vacancies' applications with the 'Спасибо! Ваше резюме отправлено' popup
 * (issue 24, docs/decisions/045).
 */
import {
  APPLICATION_EMAIL_MAX_LENGTH,
  APPLICATION_LETTER_MAX_LENGTH,
  HONEYPOT_FIELD,
  QUESTION_ANSWER_MAX_LENGTH,
  QUESTION_LINK_MAX_LENGTH,
  QUESTION_MESSAGE_MAX_LENGTH,
  QUESTION_STATUSES,
} from '../rules/feedback';
import { PageNumberSchema } from './content';
import type { FormFields } from './form-fields';
import { EmailSchema, IdSchema, NameSchema, PhoneSchema, REQUIRED_MESSAGE } from './identity';
import { z } from './z';

/** SPEC §8: the feedback's success toast, and the toast of an answer with success false (spelled as given). */
export const QUESTION_SENT_MESSAGE = 'Заявка успешно отправлена';
export const QUESTION_FAILED_MESSAGE = 'Произошла непердвиденная ошибка, попробуйсте еще раз позднее';
/** SPEC §2: the popup after a job application. */
export const APPLICATION_SENT_MESSAGE = 'Спасибо! Ваше резюме отправлено';
export const CONSENT_MESSAGE = 'Нужно согласие на обработку персональных данных';
export const QUESTION_TOO_LONG_MESSAGE = `Сообщение — не длиннее ${QUESTION_MESSAGE_MAX_LENGTH} символов`;
export const LETTER_TOO_LONG_MESSAGE = `Письмо — не длиннее ${APPLICATION_LETTER_MAX_LENGTH} символов`;
export const ANSWER_REQUIRED_MESSAGE = 'Напишите ответ';

/** Text that may be missing: absent or not a string is empty, so "required" has its own message. */
const text = (max: number, tooLongMessage: string, emptyMessage = REQUIRED_MESSAGE) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z.string({ error: emptyMessage }).min(1, emptyMessage).max(max, tooLongMessage),
  );

/** The consent checkbox: ticked (true, or a form's 'on'/'true'), or SPEC §5's required consent is missing. */
const ConsentSchema = z.preprocess(
  (value) => value === true || value === 'on' || value === 'true',
  z.literal(true, { error: CONSENT_MESSAGE }),
);

/**
 * The field a person never sees: anything in it marks a bot, whose post is answered as a success and dropped.
 * A form sends it empty.
 */
const HoneypotSchema = z.line().max(500).optional();

/** POST /api/questions (SPEC §7): the login's name and phone rules, a message ≤ 300, consent, the page. */
export const QuestionInputSchema = z.object({
  name: NameSchema,
  phone: PhoneSchema,
  message: text(QUESTION_MESSAGE_MAX_LENGTH, QUESTION_TOO_LONG_MESSAGE),
  checked: ConsentSchema,
  /** The page it was sent from: a path of this site or its URL, as the browser had it. */
  link: z.preprocess(
    (value) => (typeof value === 'string' ? value : ''),
    z.line().max(QUESTION_LINK_MAX_LENGTH),
  ),
  [HONEYPOT_FIELD]: HoneypotSchema,
});
export type QuestionInput = z.input<typeof QuestionInputSchema>;

/** POST /api/questions's answer (SPEC §7: success). */
export const QuestionAnswerSchema = z.object({ success: z.literal(true) });

/** The popup's form (ADR 042): the API's fields, as a form sends them. */
export const QuestionFormSchema = QuestionInputSchema;
export type QuestionForm = FormFields<z.input<typeof QuestionFormSchema>>;

/**
 * A vacancy's 'Откликнуться' (issue 24): name, phone, e-mail, a short letter, consent; the CV file (PDF, DOC,
 * DOCX, ≤ 5 MB) rides along in the multipart post and is checked by its bytes.
 */
export const ApplicationInputSchema = z.object({
  vacancy: IdSchema,
  name: NameSchema,
  phone: PhoneSchema,
  email: EmailSchema.pipe(z.string().max(APPLICATION_EMAIL_MAX_LENGTH, 'Слишком длинный адрес почты')),
  letter: z.preprocess(
    (value) => (typeof value === 'string' ? value.trim() : ''),
    z.string().max(APPLICATION_LETTER_MAX_LENGTH, LETTER_TOO_LONG_MESSAGE),
  ),
  checked: ConsentSchema,
  [HONEYPOT_FIELD]: HoneypotSchema,
});
export type ApplicationInput = z.input<typeof ApplicationInputSchema>;
export type ApplicationForm = FormFields<ApplicationInput>;

export const ApplicationAnswerSchema = z.object({ success: z.literal(true) });

// The operator console's inbox (ADR 045) -------------------------------------------------------------------

export const RequestStatusSchema = z.enum(QUESTION_STATUSES);

export const InboxQuerySchema = z.object({
  status: z.enum([...QUESTION_STATUSES, 'all']).default('open'),
  page: PageNumberSchema,
});

export const QuestionSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  message: z.string(),
  link: z.string(),
  status: RequestStatusSchema,
  /** Whether the sender was signed in: the answer then goes to their support chat. */
  is_customer: z.boolean(),
  answer: z.string().nullable(),
  answered_at: z.string().nullable(),
  created_at: z.string(),
});
export type Question = z.infer<typeof QuestionSchema>;

export const ApplicationSchema = z.object({
  _id: z.string(),
  vacancy: z.object({ _id: z.string(), title: z.string(), city: z.string() }),
  name: z.string(),
  phone: z.string(),
  email: z.string(),
  letter: z.string(),
  status: RequestStatusSchema,
  cv: z.object({ name: z.string(), size: z.number().int(), type: z.string() }).nullable(),
  created_at: z.string(),
});
export type Application = z.infer<typeof ApplicationSchema>;

export const QuestionListSchema = z.object({
  success: z.literal(true),
  questions: z.array(QuestionSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type QuestionList = z.infer<typeof QuestionListSchema>;

export const ApplicationListSchema = z.object({
  success: z.literal(true),
  applications: z.array(ApplicationSchema),
  page: z.number().int(),
  pages: z.number().int(),
});
export type ApplicationList = z.infer<typeof ApplicationListSchema>;

export const RequestParamsSchema = z.object({ id: IdSchema });
export const AnswerQuestionSchema = z.object({
  text: text(
    QUESTION_ANSWER_MAX_LENGTH,
    `Ответ — не длиннее ${QUESTION_ANSWER_MAX_LENGTH} символов`,
    ANSWER_REQUIRED_MESSAGE,
  ),
});

/** The console's inbox forms (ADR 042): answer or close a question, close an application. */
export const InboxFormSchema = z.discriminatedUnion(
  'intent',
  [
    AnswerQuestionSchema.extend({ intent: z.literal('answer'), question: IdSchema }),
    z.object({ intent: z.literal('close-question'), question: IdSchema }),
    z.object({ intent: z.literal('close-application'), application: IdSchema }),
  ],
  { error: 'Неизвестное действие' },
);
export type InboxForm = FormFields<z.input<typeof InboxFormSchema>>;
