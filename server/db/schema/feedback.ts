import { sql } from 'drizzle-orm';
import { check, customType, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import {
  APPLICATION_LETTER_MAX_LENGTH,
  CV_MAX_BYTES,
  QUESTION_ANSWER_MAX_LENGTH,
  QUESTION_LINK_MAX_LENGTH,
  QUESTION_MESSAGE_MAX_LENGTH,
  QUESTION_STATUSES,
} from '../../../core/rules/feedback';
import { vacancies } from './content';
import { users } from './identity';

/** PostgreSQL's bytea as a Buffer: a CV's bytes, kept where only the operators' route reads them. */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * A message of the feedback popup 'Обратная связь' (SPEC §3 Question: name, phone, message, checked, link).
 * `userId`: the signed-in sender, who gets the answer in the support chat; the operator console's inbox
 * answers or closes it (docs/decisions/045).
 */
export const questions = pgTable(
  'questions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    message: text('message').notNull(),
    link: text('link').notNull().default(''),
    status: text('status', { enum: QUESTION_STATUSES }).notNull().default('open'),
    answer: text('answer'),
    answeredBy: uuid('answered_by').references(() => users.id, { onDelete: 'set null' }),
    answeredAt: timestamp('answered_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('questions_status_created_idx').on(t.status, t.createdAt),
    check(
      'questions_message_length',
      sql`char_length(${t.message}) between 1 and ${sql.raw(String(QUESTION_MESSAGE_MAX_LENGTH))}`,
    ),
    check(
      'questions_link_length',
      sql`char_length(${t.link}) <= ${sql.raw(String(QUESTION_LINK_MAX_LENGTH))}`,
    ),
    check(
      'questions_answer_length',
      sql`char_length(${t.answer}) <= ${sql.raw(String(QUESTION_ANSWER_MAX_LENGTH))}`,
    ),
  ],
);

/** A reply to a vacancy ('Откликнуться'): who, how to reach them, a short letter and an optional CV. */
export const jobApplications = pgTable(
  'job_applications',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    vacancyId: uuid('vacancy_id')
      .notNull()
      .references(() => vacancies.id, { onDelete: 'cascade' }),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    phone: text('phone').notNull(),
    email: text('email').notNull(),
    letter: text('letter').notNull().default(''),
    status: text('status', { enum: QUESTION_STATUSES }).notNull().default('open'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('job_applications_created_idx').on(t.createdAt),
    check(
      'job_applications_letter_length',
      sql`char_length(${t.letter}) <= ${sql.raw(String(APPLICATION_LETTER_MAX_LENGTH))}`,
    ),
  ],
);

/**
 * An application's CV, its bytes in the database: uploads under /uploads/ are public, a CV is for the
 * operators alone (GET /api/operator/applications/{id}/cv), so it is never written there.
 */
export const applicationFiles = pgTable(
  'application_files',
  {
    applicationId: uuid('application_id')
      .primaryKey()
      .references(() => jobApplications.id, { onDelete: 'cascade' }),
    fileName: text('file_name').notNull(),
    contentType: text('content_type').notNull(),
    size: integer('size').notNull(),
    data: bytea('data').notNull(),
  },
  (t) => [check('application_files_size', sql`${t.size} between 1 and ${sql.raw(String(CV_MAX_BYTES))}`)],
);
