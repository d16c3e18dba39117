/**
 * The support team's mailbox (issue 24, ADR 045): feedback questions and job applications are mailed to
 * SUPPORT_EMAIL over SMTP_URL with nodemailer, after they are stored. Without both, nothing is mailed.
 */
import nodemailer from 'nodemailer';
import type { SupportMailer } from '../modules/feedback/feedback.service';

/** How long one mail may take (connecting, greeting, sending): a slow server never holds a form's answer long. */
const SMTP_TIMEOUT_MS = 10_000;

export function createSupportMailer(config: {
  SUPPORT_EMAIL?: string | undefined;
  SMTP_URL?: string | undefined;
  MAIL_FROM?: string | undefined;
}): SupportMailer | undefined {
  const to = config.SUPPORT_EMAIL;
  if (!to || !config.SMTP_URL) return undefined;
  const transport = nodemailer.createTransport(config.SMTP_URL, {
    connectionTimeout: SMTP_TIMEOUT_MS,
    greetingTimeout: SMTP_TIMEOUT_MS,
    socketTimeout: SMTP_TIMEOUT_MS,
  });
  const from = config.MAIL_FROM ?? to;
  return {
    async send({ subject, text, replyTo }) {
      await transport.sendMail({ from, to, subject, text, ...(replyTo ? { replyTo } : {}) });
    },
  };
}
