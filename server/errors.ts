/**
 * The one error type services throw. Services never import HTTP types: the error handler in
 * server/http/error-handler.ts maps each code to a status and the `{success:false, message}` body.
 */
export const APP_ERROR_STATUS = {
  bad_request: 400,
  unauthorized: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  payload_too_large: 413,
  unsupported_media_type: 415,
  unprocessable: 422,
  too_many_requests: 429,
  internal: 500,
  unavailable: 503,
} as const;

export type AppErrorCode = keyof typeof APP_ERROR_STATUS;

/** Russian messages for a person, used when a service gives none of its own. */
export const DEFAULT_MESSAGES: Record<AppErrorCode, string> = {
  bad_request: 'Некорректный запрос',
  unauthorized: 'Необходимо авторизоваться',
  forbidden: 'Недостаточно прав',
  not_found: 'Не найдено',
  conflict: 'Данные изменились, обновите страницу и попробуйте ещё раз',
  payload_too_large: 'Слишком большой запрос',
  unsupported_media_type: 'Неподдерживаемый тип данных',
  unprocessable: 'Запрос не может быть выполнен',
  too_many_requests: 'Слишком много запросов, попробуйте позже',
  internal: 'Произошла непредвиденная ошибка, попробуйте ещё раз позднее',
  unavailable: 'Сервис временно недоступен, попробуйте через минуту',
};

export type AppErrorOptions = {
  /** Per-field Russian messages for forms. */
  fields?: Record<string, string>;
  /** For too_many_requests: seconds until the client may retry. */
  retryAfterS?: number;
  cause?: unknown;
};

/**
 * Marks AppErrors across bundles: the server bundle (build/app) and React Router's server build each carry
 * their own copy of this class, so a loader's `instanceof AppError` fails for an error thrown by a service.
 * A registered symbol is the same in both.
 */
const APP_ERROR_BRAND = Symbol.for('fresh.AppError');

export class AppError extends Error {
  override name = 'AppError';
  readonly [APP_ERROR_BRAND] = true;
  readonly code: AppErrorCode;
  readonly fields?: Record<string, string>;
  readonly retryAfterS?: number;

  constructor(code: AppErrorCode, message?: string, options: AppErrorOptions = {}) {
    super(message ?? DEFAULT_MESSAGES[code], { cause: options.cause });
    this.code = code;
    this.fields = options.fields;
    this.retryAfterS = options.retryAfterS;
  }

  get status(): number {
    return APP_ERROR_STATUS[this.code];
  }
}

export const isAppError = (value: unknown): value is AppError =>
  value instanceof AppError ||
  (typeof value === 'object' &&
    value !== null &&
    APP_ERROR_BRAND in value &&
    value[APP_ERROR_BRAND] === true);
