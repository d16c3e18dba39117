/** The feedback popup's resource route (ADR 045): its fetcher posts POST /api/questions's fields there. */
export const FEEDBACK_ACTION = '/resources/feedback';
export const FEEDBACK_TITLE = 'Обратная связь';
export const PRIVACY_POLICY_HREF = '/privacy-policy';
