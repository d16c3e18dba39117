import { describe, expect, it } from 'vitest';
import { AppError, isAppError } from './errors';

describe('isAppError', () => {
  it('recognises an AppError and its status', () => {
    const error = new AppError('not_found');
    expect(isAppError(error)).toBe(true);
    expect(error.status).toBe(404);
  });

  it('recognises an AppError made by another copy of the class (another bundle)', () => {
    // What React Router's server build sees when a service of the server bundle throws.
    const foreign = Object.assign(new Error('Не найдено'), {
      name: 'AppError',
      code: 'not_found',
      [Symbol.for('fresh.AppError')]: true,
    });
    expect(foreign instanceof AppError).toBe(false);
    expect(isAppError(foreign)).toBe(true);
  });

  it('rejects other errors and values', () => {
    expect(isAppError(new Error('x'))).toBe(false);
    expect(isAppError(Object.assign(new Error('x'), { name: 'AppError', code: 'not_found' }))).toBe(false);
    expect(isAppError(null)).toBe(false);
    expect(isAppError('AppError')).toBe(false);
  });
});
