/** The feedback module's queries: questions, job applications and their CVs (ADR 045). */
import type { QuestionStatus } from '@core/rules/feedback';
import { count, desc, eq, getTableColumns } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { applicationFiles, jobApplications, questions } from '../../db/schema/index';

export type QuestionRow = typeof questions.$inferSelect;
export type ApplicationRow = typeof jobApplications.$inferSelect;
export type CvFile = { fileName: string; contentType: string; size: number; data: Buffer };
export type ApplicationWithCv = ApplicationRow & {
  cv: { fileName: string; contentType: string; size: number } | null;
};

export async function insertQuestion(
  tx: Executor,
  question: Pick<QuestionRow, 'userId' | 'name' | 'phone' | 'message' | 'link' | 'createdAt'>,
): Promise<QuestionRow> {
  const [row] = await tx.insert(questions).values(question).returning();
  if (!row) throw new Error('question not inserted');
  return row;
}

export async function findQuestion(tx: Executor, id: string): Promise<QuestionRow | undefined> {
  const [row] = await tx.select().from(questions).where(eq(questions.id, id)).limit(1);
  return row;
}

export async function updateQuestion(
  tx: Executor,
  id: string,
  changes: Partial<Pick<QuestionRow, 'status' | 'answer' | 'answeredAt' | 'answeredBy'>>,
): Promise<QuestionRow> {
  const [row] = await tx.update(questions).set(changes).where(eq(questions.id, id)).returning();
  if (!row) throw new Error('question not updated');
  return row;
}

export async function findQuestions(
  tx: Executor,
  status: QuestionStatus | 'all',
  page: { limit: number; offset: number },
): Promise<{ rows: QuestionRow[]; total: number }> {
  const where = status === 'all' ? undefined : eq(questions.status, status);
  const [rows, [counted]] = await Promise.all([
    tx
      .select()
      .from(questions)
      .where(where)
      .orderBy(desc(questions.createdAt), desc(questions.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(questions).where(where),
  ]);
  return { rows, total: counted?.total ?? 0 };
}

/** An application and its CV in one transaction: both, or neither. */
export async function insertApplication(
  tx: Executor,
  application: Pick<
    ApplicationRow,
    'vacancyId' | 'userId' | 'name' | 'phone' | 'email' | 'letter' | 'createdAt'
  >,
  cv: CvFile | null,
): Promise<ApplicationRow> {
  const [row] = await tx.insert(jobApplications).values(application).returning();
  if (!row) throw new Error('application not inserted');
  if (cv) await tx.insert(applicationFiles).values({ applicationId: row.id, ...cv });
  return row;
}

const applicationColumns = {
  ...getTableColumns(jobApplications),
  cvName: applicationFiles.fileName,
  cvType: applicationFiles.contentType,
  cvSize: applicationFiles.size,
};

type ApplicationJoinRow = ApplicationRow & {
  cvName: string | null;
  cvType: string | null;
  cvSize: number | null;
};

const withCv = ({ cvName, cvType, cvSize, ...row }: ApplicationJoinRow): ApplicationWithCv => ({
  ...row,
  cv:
    cvName !== null && cvType !== null && cvSize !== null
      ? { fileName: cvName, contentType: cvType, size: cvSize }
      : null,
});

export async function findApplications(
  tx: Executor,
  status: QuestionStatus | 'all',
  page: { limit: number; offset: number },
): Promise<{ rows: ApplicationWithCv[]; total: number }> {
  const where = status === 'all' ? undefined : eq(jobApplications.status, status);
  const [rows, [counted]] = await Promise.all([
    tx
      .select(applicationColumns)
      .from(jobApplications)
      .leftJoin(applicationFiles, eq(applicationFiles.applicationId, jobApplications.id))
      .where(where)
      .orderBy(desc(jobApplications.createdAt), desc(jobApplications.id))
      .limit(page.limit)
      .offset(page.offset),
    tx.select({ total: count() }).from(jobApplications).where(where),
  ]);
  return { rows: rows.map(withCv), total: counted?.total ?? 0 };
}

export async function setApplicationStatus(
  tx: Executor,
  id: string,
  status: QuestionStatus,
): Promise<boolean> {
  const rows = await tx
    .update(jobApplications)
    .set({ status })
    .where(eq(jobApplications.id, id))
    .returning({ id: jobApplications.id });
  return rows.length > 0;
}

export async function findCv(tx: Executor, applicationId: string): Promise<CvFile | undefined> {
  const [row] = await tx
    .select({
      fileName: applicationFiles.fileName,
      contentType: applicationFiles.contentType,
      size: applicationFiles.size,
      data: applicationFiles.data,
    })
    .from(applicationFiles)
    .where(eq(applicationFiles.applicationId, applicationId))
    .limit(1);
  return row;
}
