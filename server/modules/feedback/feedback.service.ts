/**
 * The feedback module's public surface (issue 24, ADR 045): the open forms — the feedback popup's question
 * (POST /api/questions) and a vacancy's application with its CV — and the operator console's inbox of both.
 * Each use case lives in its own file (ADR 026, 041): the forms (send-request.ts), the inbox (inbox.ts).
 */
import type { ApplicationList, Question, QuestionList } from '@core/contracts/feedback';
import type { FeedbackDeps } from './feedback.deps';
import type { CvFile } from './feedback.repository';
import {
  answerQuestion,
  closeApplication,
  closeQuestion,
  type InboxQuery,
  listApplications,
  listQuestions,
  readCv,
} from './inbox';
import {
  type ApplicationWrite,
  applyForJob,
  type CvUpload,
  type Origin,
  type QuestionWrite,
  sendQuestion,
} from './send-request';

export type { FeedbackDeps, SupportMailer } from './feedback.deps';
export {
  APPLICATIONS_PER_ADDRESS_HOUR,
  APPLICATIONS_PER_PHONE_DAY,
  QUESTIONS_PER_ADDRESS_HOUR,
  QUESTIONS_PER_PHONE_DAY,
} from './feedback-rates';
export { CV_TOO_LARGE_MESSAGE, CV_TYPE_MESSAGE, type CvUpload } from './send-request';

export function createFeedbackService(deps: FeedbackDeps) {
  return {
    /** POST /api/questions: the feedback popup's question, stored for the inbox (and mailed). */
    sendQuestion: (input: QuestionWrite, origin: Origin): Promise<void> => sendQuestion(deps, input, origin),
    /** A vacancy's 'Откликнуться': the application and its optional CV. */
    applyForJob: (input: ApplicationWrite, cv: CvUpload | null, origin: Origin): Promise<void> =>
      applyForJob(deps, input, cv, origin),
    listQuestions: (operatorId: string, query: InboxQuery): Promise<QuestionList> =>
      listQuestions(deps, operatorId, query),
    listApplications: (operatorId: string, query: InboxQuery): Promise<ApplicationList> =>
      listApplications(deps, operatorId, query),
    /** Answers a question; a signed-in sender gets it in the support chat. */
    answerQuestion: (operatorId: string, id: string, text: string, ip: string): Promise<Question> =>
      answerQuestion(deps, operatorId, id, text, ip),
    closeQuestion: (operatorId: string, id: string): Promise<Question> => closeQuestion(deps, operatorId, id),
    closeApplication: (operatorId: string, id: string): Promise<void> =>
      closeApplication(deps, operatorId, id),
    /** An application's CV, for the support team only. */
    readCv: (operatorId: string, applicationId: string): Promise<CvFile> =>
      readCv(deps, operatorId, applicationId),
  };
}

export type FeedbackService = ReturnType<typeof createFeedbackService>;
