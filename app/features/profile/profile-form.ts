/**
 * The profile settings form's fields (ADR 028): the popup posts them with a fetcher to the resource route
 * /resources/profile, whose action reads them back into PUT /api/user/me/update's input.
 */
export const PROFILE_ACTION = '/resources/profile';

export const PROFILE_FIELD = {
  name: 'name',
  phone: 'phone',
  email: 'email',
  /** Sent only when the phone changes: the code sent to the new number. */
  code: 'code',
  /** Sent only when the picture changes: an uploaded image's id, or '' to remove the picture. */
  file: 'file',
} as const;

/** The posted form as ProfileUpdateSchema's input: an absent picture keeps it, '' removes it. */
export function profileInput(form: FormData): Record<string, unknown> {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === 'string' ? value : '';
  };
  return {
    name: text(PROFILE_FIELD.name),
    phone: text(PROFILE_FIELD.phone),
    email: text(PROFILE_FIELD.email),
    ...(form.has(PROFILE_FIELD.code) ? { code: text(PROFILE_FIELD.code) } : {}),
    ...(form.has(PROFILE_FIELD.file) ? { file: text(PROFILE_FIELD.file) || null } : {}),
  };
}
