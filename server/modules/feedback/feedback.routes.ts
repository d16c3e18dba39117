import { ErrorBodySchema } from '@core/contracts/common';
import {
  AnswerQuestionSchema,
  ApplicationAnswerSchema,
  ApplicationInputSchema,
  ApplicationListSchema,
  InboxQuerySchema,
  QuestionAnswerSchema,
  QuestionInputSchema,
  QuestionListSchema,
  QuestionSchema,
  RequestParamsSchema,
} from '@core/contracts/feedback';
import { SuccessSchema } from '@core/contracts/identity';
import { z } from '@core/contracts/z';
import { CV_MAX_BYTES } from '@core/rules/feedback';
import fastifyMultipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError, isAppError } from '../../errors';
import { getViewer, SAME_ORIGIN_HEADER, signedIn } from '../../http/auth';
import type { SupportService } from '../support/support.service';
import { CV_TOO_LARGE_MESSAGE, type CvUpload, type FeedbackService } from './feedback.service';

/** A question is 300 characters with a name, a phone and a page address: 16 KB is plenty. */
export const QUESTION_BODY_LIMIT_BYTES = 16 * 1024;
const MALFORMED_FORM_MESSAGE = 'Не удалось прочитать форму. Отправьте её ещё раз';
const MULTIPART_MESSAGE = 'Отклик отправляется формой с файлом (multipart/form-data)';

const errors = {
  400: ErrorBodySchema,
  401: ErrorBodySchema,
  403: ErrorBodySchema,
  404: ErrorBodySchema,
  413: ErrorBodySchema,
  415: ErrorBodySchema,
  429: ErrorBodySchema,
};

/**
 * The signed-in sender, when the call proves it came from our pages (a cookie with the same-origin header, or
 * a bearer token): another site's form cannot send a question in a customer's name.
 */
async function senderOf(request: Parameters<typeof getViewer>[0]): Promise<string | null> {
  const viewer = await getViewer(request);
  if (!viewer) return null;
  if (viewer.via === 'cookie' && !request.headers[SAME_ORIGIN_HEADER]) return null;
  return viewer.user._id;
}

function toFormError(error: unknown): AppError {
  if (isAppError(error)) return error;
  const code = typeof error === 'object' && error !== null && 'code' in error ? error.code : undefined;
  if (code === 'FST_REQ_FILE_TOO_LARGE') return new AppError('payload_too_large', CV_TOO_LARGE_MESSAGE);
  if (typeof code === 'string' && /^FST_(FILES|PARTS|FIELDS)_LIMIT$/.test(code)) {
    return new AppError('payload_too_large', MALFORMED_FORM_MESSAGE);
  }
  if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE')
    return new AppError('unsupported_media_type', MULTIPART_MESSAGE);
  return new AppError('bad_request', MALFORMED_FORM_MESSAGE, { cause: error });
}

/** The fields and the CV of a multipart application, read whole within the limits. */
async function readApplication(
  request: Parameters<typeof getViewer>[0],
): Promise<{ fields: Record<string, string>; cv: CvUpload | null }> {
  if (!request.isMultipart()) throw new AppError('unsupported_media_type', MULTIPART_MESSAGE);
  const fields: Record<string, string> = {};
  let cv: CvUpload | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        const data = await part.toBuffer();
        if (part.fieldname === 'cv' && data.length > 0) cv = { fileName: part.filename ?? '', data };
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (error) {
    throw toFormError(error);
  }
  return { fields, cv };
}

/**
 * The open forms (ADR 045): SPEC §7 POST /api/questions, and a vacancy's application (multipart, with the CV).
 * Anyone may send them; rates per address and per phone keep them in bounds.
 */
export const feedbackRoutes: FastifyPluginAsyncZod<{ feedback: FeedbackService }> = async (
  app,
  { feedback },
) => {
  await app.register(fastifyMultipart, {
    limits: { fileSize: CV_MAX_BYTES, files: 1, fields: 10, parts: 11, fieldSize: 4096, headerPairs: 100 },
    throwFileSizeLimit: true,
  });

  app.post(
    '/questions',
    {
      bodyLimit: QUESTION_BODY_LIMIT_BYTES,
      schema: {
        tags: ['feedback'],
        summary:
          "The feedback popup 'Обратная связь': name, phone, message (≤ 300), consent, the page. 10 an hour per " +
          'address, 5 a day per phone (429)',
        body: QuestionInputSchema,
        response: { 200: QuestionAnswerSchema, ...errors },
      },
    },
    async (request) => {
      await feedback.sendQuestion(request.body, { ip: request.ip, userId: await senderOf(request) });
      return { success: true as const };
    },
  );

  app.post(
    '/vacancy/applications',
    {
      schema: {
        tags: ['feedback'],
        summary:
          "A vacancy's 'Откликнуться' as multipart/form-data: vacancy, name, phone, email, letter, checked and an " +
          'optional cv (PDF, DOC, DOCX ≤ 5 MB, by its bytes). 5 an hour per address, 3 a day per phone (429)',
        response: { 200: ApplicationAnswerSchema, ...errors },
      },
    },
    async (request) => {
      const { fields, cv } = await readApplication(request);
      const parsed = ApplicationInputSchema.safeParse(fields);
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        const field = issue?.path.map(String).join('.') ?? '';
        throw new AppError(
          'bad_request',
          issue?.message,
          field ? { fields: { [field]: issue?.message ?? '' } } : {},
        );
      }
      await feedback.applyForJob(parsed.data, cv, { ip: request.ip, userId: await senderOf(request) });
      return { success: true as const };
    },
  );
};

/** The console's inbox: /api/operator/questions and /api/operator/applications (operators only, ADR 045). */
export const operatorInboxRoutes: FastifyPluginAsyncZod<{
  feedback: FeedbackService;
  support: Pick<SupportService, 'requireOperator'>;
}> = async (app, { feedback, support }) => {
  app.addHook('onRequest', async (request) => {
    await support.requireOperator(signedIn(request).user._id);
  });
  const config = { auth: 'user' } as const;

  app.get(
    '/operator/questions',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: "The feedback popup's questions, newest first",
        querystring: InboxQuerySchema,
        response: { 200: QuestionListSchema, ...errors },
      },
    },
    async (request) => feedback.listQuestions(signedIn(request).user._id, request.query),
  );

  app.post(
    '/operator/questions/:id/answer',
    {
      config,
      bodyLimit: QUESTION_BODY_LIMIT_BYTES,
      schema: {
        tags: ['operator'],
        summary: 'Answers a question (a signed-in sender gets it in the support chat)',
        params: RequestParamsSchema,
        body: AnswerQuestionSchema,
        response: { 200: z.object({ success: z.literal(true), question: QuestionSchema }), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      question: await feedback.answerQuestion(
        signedIn(request).user._id,
        request.params.id,
        request.body.text,
        request.ip,
      ),
    }),
  );

  app.post(
    '/operator/questions/:id/close',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: 'Closes a question without an answer',
        params: RequestParamsSchema,
        response: { 200: z.object({ success: z.literal(true), question: QuestionSchema }), ...errors },
      },
    },
    async (request) => ({
      success: true as const,
      question: await feedback.closeQuestion(signedIn(request).user._id, request.params.id),
    }),
  );

  app.get(
    '/operator/applications',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: "The vacancies' applications, newest first",
        querystring: InboxQuerySchema,
        response: { 200: ApplicationListSchema, ...errors },
      },
    },
    async (request) => feedback.listApplications(signedIn(request).user._id, request.query),
  );

  app.post(
    '/operator/applications/:id/close',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: 'Closes an application',
        params: RequestParamsSchema,
        response: { 200: SuccessSchema, ...errors },
      },
    },
    async (request) => {
      await feedback.closeApplication(signedIn(request).user._id, request.params.id);
      return { success: true as const };
    },
  );

  app.get(
    '/operator/applications/:id/cv',
    {
      config,
      schema: {
        tags: ['operator'],
        summary: "An application's CV file (operators only), as an attachment",
        params: RequestParamsSchema,
      },
    },
    async (request, reply) => {
      const file = await feedback.readCv(signedIn(request).user._id, request.params.id);
      return reply
        .header('Content-Type', file.contentType)
        .header('Content-Disposition', `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header('X-Content-Type-Options', 'nosniff')
        .header('Cache-Control', 'private, no-store')
        .send(file.data);
    },
  );
};
