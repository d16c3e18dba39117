/** The feedback popup 'Обратная связь' and job applications (SPEC §2, §3 Question, §5, §9). */

/** SPEC §5, §9: the feedback message's limit. */
export const QUESTION_MESSAGE_MAX_LENGTH = 300;
/** The page a question was sent from (`link`): a path or this site's URL. */
export const QUESTION_LINK_MAX_LENGTH = 2000;
/** An operator's answer to a question. */
export const QUESTION_ANSWER_MAX_LENGTH = 2000;
/** A job application's cover letter. */
export const APPLICATION_LETTER_MAX_LENGTH = 2000;
export const APPLICATION_EMAIL_MAX_LENGTH = 254;
/** A CV file: PDF, DOC or DOCX up to 5 MB (issue 24). */
export const CV_MAX_BYTES = 5 * 1024 * 1024;
export const CV_EXTENSIONS = ['pdf', 'doc', 'docx'] as const;
export type CvKind = (typeof CV_EXTENSIONS)[number];
export const CV_CONTENT_TYPES: Record<CvKind, string> = {
  pdf: 'application/pdf',
  doc: 'application/msword',
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
};
/** What the file picker offers (the server checks the bytes, not these). */
export const CV_ACCEPT =
  '.pdf,.doc,.docx,application/pdf,application/msword,application/vnd.openxmlformats-officedocument.wordprocessingml.document';

/**
 * The field a person never sees (the honeypot): a bot that fills every input fills it too, and its post is
 * answered as a success and dropped.
 */
export const HONEYPOT_FIELD = 'website';

export const QUESTION_STATUSES = ['open', 'answered', 'closed'] as const;
export type QuestionStatus = (typeof QUESTION_STATUSES)[number];
export const QUESTION_STATUS_LABELS: Record<QuestionStatus, string> = {
  open: 'Новое',
  answered: 'Отвечено',
  closed: 'Закрыто',
};

/**
 * The CV's kind from its first bytes (magic numbers), whatever its name says: PDF ('%PDF-'), the old Word
 * format (an OLE2 compound file) or DOCX (a ZIP whose parts name word/). Anything else: null.
 */
export function sniffCv(bytes: Uint8Array): CvKind | null {
  const starts = (magic: readonly number[]) => magic.every((byte, index) => bytes[index] === byte);
  if (starts([0x25, 0x50, 0x44, 0x46, 0x2d])) return 'pdf';
  if (starts([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return 'doc';
  if (starts([0x50, 0x4b, 0x03, 0x04]) && includesAscii(bytes, 'word/')) return 'docx';
  return null;
}

function includesAscii(bytes: Uint8Array, text: string): boolean {
  const needle = [...text].map((char) => char.charCodeAt(0));
  const end = bytes.length - needle.length;
  outer: for (let at = 0; at <= end; at += 1) {
    for (let index = 0; index < needle.length; index += 1) {
      if (bytes[at + index] !== needle[index]) continue outer;
    }
    return true;
  }
  return false;
}
