import { isValidCode } from '../rules/code';
import { isValidEmail, normaliseEmail } from '../rules/email';
import {
  findNameProblem,
  NAME_MAX_LENGTH,
  NAME_MAX_WORDS,
  type NameProblem,
  normaliseName,
} from '../rules/name';
import { normalisePhone } from '../rules/phone';
import type { FormFields } from './form-fields';
import { SaveAddressSchema } from './geo';
import { z } from './z';

/** SPEC §5: the exact Russian messages the forms and the API show. */
export const REQUIRED_MESSAGE = 'Обязательное поле';
export const PHONE_INVALID_MESSAGE = 'Введите существующий номер телефона';
export const CODE_INVALID_MESSAGE = 'Длина кода 4 символа';
export const EMAIL_INVALID_MESSAGE = 'Введите существующую почту';

export const NAME_MESSAGES: Record<NameProblem, string> = {
  required: REQUIRED_MESSAGE,
  characters: 'Имя может содержать только буквы и пробелы',
  length: `Не более ${NAME_MAX_LENGTH} символов`,
  words: `Не более ${NAME_MAX_WORDS} слов`,
};

/** Longest text accepted in any of these fields before the rules run: nobody types more. */
const FIELD_MAX_CHARS = 512;

/**
 * A string field: missing, null or not a string reads as empty, so "required" gets its own message. A form
 * read through Conform (ADR 042) hands an empty field on as missing: `emptyMessage` is then what it says.
 */
const text = (emptyMessage = REQUIRED_MESSAGE) =>
  z.preprocess(
    (value) => (typeof value === 'string' ? value : ''),
    z.line({ error: emptyMessage }).max(FIELD_MAX_CHARS),
  );

/** Letters and spaces, spaces collapsed, ≤ 100 characters and ≤ 4 words; the output is the normalised name. */
export const NameSchema = text().transform((value, ctx) => {
  const name = normaliseName(value);
  const problem = findNameProblem(name);
  if (problem) {
    ctx.addIssue({ code: 'custom', message: NAME_MESSAGES[problem] });
    return z.NEVER;
  }
  return name;
});

/** A +7 number in any usual form (the form sends 8XXXXXXXXXX); the output is +7XXXXXXXXXX. */
export const PhoneSchema = text().transform((value, ctx) => {
  if (value.trim() === '') {
    ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
    return z.NEVER;
  }
  const phone = normalisePhone(value);
  if (!phone) {
    ctx.addIssue({ code: 'custom', message: PHONE_INVALID_MESSAGE });
    return z.NEVER;
  }
  return phone;
});

/** Exactly four digits; anything else (empty included) is 'Длина кода 4 символа'. */
export const CodeSchema = z.preprocess(
  (value) => (typeof value === 'number' && Number.isInteger(value) ? String(value).padStart(4, '0') : value),
  text(CODE_INVALID_MESSAGE).refine(isValidCode, CODE_INVALID_MESSAGE),
);

export const EmailSchema = text().transform((value, ctx) => {
  const email = normaliseEmail(value);
  if (email === '') {
    ctx.addIssue({ code: 'custom', message: REQUIRED_MESSAGE });
    return z.NEVER;
  }
  if (!isValidEmail(email)) {
    ctx.addIssue({ code: 'custom', message: EMAIL_INVALID_MESSAGE });
    return z.NEVER;
  }
  return email;
});

/** POST /api/user/code: the login popup's fields (also used to confirm a new number in profile settings). */
export const CodeRequestSchema = z.object({ name: NameSchema, phone: PhoneSchema });
export type CodeRequest = z.input<typeof CodeRequestSchema>;

/**
 * POST /api/user/login: SPEC §7's code and phone, and optionally the delivery address the customer chose as a
 * guest (SPEC §4 Login 3, §6: saving it is attempted regardless of login). It is saved to the account right
 * after a right code; one that does not pass the address contract is dropped, never failing the login.
 */
export const LoginRequestSchema = z.object({
  phone: PhoneSchema,
  code: CodeSchema,
  address: SaveAddressSchema.optional().catch(undefined),
});
export type LoginRequest = z.input<typeof LoginRequestSchema>;

/** A path on this site to go to after the login page (the /login page's forms carry it; checked again there). */
const RedirectToSchema = z.line().max(2000).optional();

/** The guest basket a code form carries, as `toBasketData` stores it: JSON, read by the login action. */
const GuestBasketTextSchema = z.string().max(200_000).optional();

/**
 * The login forms (ADR 028, 042): the login popup and page post `intent: 'code'` with the name and phone
 * (POST /api/user/code's contract), the code popup and page `intent: 'login'` with the phone and code (POST
 * /api/user/login's), the pending address (`address.city`, `address.coordinates.longitude` …) and the guest
 * basket. `redirectTo`: the /login page's, to go on to after the code.
 */
export const LoginFormSchema = z.discriminatedUnion(
  'intent',
  [
    CodeRequestSchema.extend({ intent: z.literal('code'), redirectTo: RedirectToSchema }),
    LoginRequestSchema.extend({
      intent: z.literal('login'),
      basket: GuestBasketTextSchema,
      redirectTo: RedirectToSchema,
    }),
  ],
  { error: 'Неизвестное действие входа' },
);
/** A login post's fields as a form or a fetcher sends them (text). */
export type LoginForm = FormFields<z.input<typeof LoginFormSchema>>;

/** An opaque id (uuid) of a stored record. */
export const IdSchema = z.uuid('Некорректный идентификатор');

/**
 * PUT /api/user/me/update: the profile settings popup. `file` is an uploaded image's id (null removes the
 * picture, absent keeps it); `code` is required when the phone changes: it was sent to the new number.
 */
export const ProfileUpdateSchema = z.object({
  file: z.union([IdSchema, z.null()]).optional(),
  name: NameSchema,
  phone: PhoneSchema,
  email: EmailSchema,
  code: CodeSchema.optional(),
});
export type ProfileUpdate = z.input<typeof ProfileUpdateSchema>;

/** The profile form's `file` that removes the picture: a form sends text, so it stands for the API's null. */
export const NO_PICTURE = 'none';

/**
 * The profile settings popup's form (ADR 042): PUT /api/user/me/update's fields; `file` is absent (keep the
 * picture), an uploaded image's id, or NO_PICTURE (remove it); `code` only when the phone changes.
 */
export const ProfileFormSchema = ProfileUpdateSchema.extend({
  file: z.union([IdSchema, z.literal(NO_PICTURE).transform(() => null)]).optional(),
});

/** An uploaded image: POST /api/file/upload, GET /api/file/user, the user's img. */
export const FileRefSchema = z.object({ _id: z.string(), path: z.string() });
export type FileRef = z.infer<typeof FileRefSchema>;

/**
 * The saved delivery address (SPEC §3 User.house). Filled by the address issue; after saving an address it
 * also carries flat, entrance and floor as empty strings, shortAddress and is_new.
 */
export const HouseSchema = z.looseObject({
  address: z.string(),
  deliveryArea: z.string().nullable().optional(),
  city: z.string().nullable().optional(),
  flat: z.string().optional(),
  entrance: z.string().optional(),
  floor: z.string().optional(),
  shortAddress: z.string().optional(),
  is_new: z.boolean().optional(),
});
export type House = z.infer<typeof HouseSchema>;

/** SPEC §3 User: name, phone (+7XXXXXXXXXX), email, img, house; token only in the login answer. */
export const UserSchema = z.object({
  _id: z.string(),
  name: z.string(),
  phone: z.string(),
  email: z.string().nullable(),
  img: FileRefSchema.nullable(),
  house: HouseSchema.nullable(),
});
export type User = z.infer<typeof UserSchema>;

export const SuccessSchema = z.object({ success: z.literal(true) });

/** GET /api/user/me, PUT /api/user/me/update */
export const UserResponseSchema = z.object({ success: z.literal(true), user: UserSchema });
export type UserResponse = z.infer<typeof UserResponseSchema>;

/** POST /api/user/login: the user with its session token (also set as an httpOnly cookie). */
export const LoginResponseSchema = z.object({
  success: z.literal(true),
  token: z.string(),
  user: UserSchema.extend({ token: z.string() }),
});
export type LoginResponse = z.infer<typeof LoginResponseSchema>;

/** POST /api/file/upload and GET /api/file/user: the stored image. */
export const FileResponseSchema = FileRefSchema.extend({ success: z.literal(true) });
export type FileResponse = z.infer<typeof FileResponseSchema>;
