import { FavouriteListSchema } from '@core/contracts/favourites';
import { UserResponseSchema } from '@core/contracts/identity';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { responseJsonSchema, responseSerializerCompiler } from './response-serializer';

const compile = (schema: z.ZodType) =>
  responseSerializerCompiler({ schema, method: 'GET', url: '/api/test', httpStatus: '200' });

describe('the API’s response serializer', () => {
  it('writes what the Zod serializer wrote, declared properties only', () => {
    const write = compile(UserResponseSchema);
    const user = {
      _id: '0b6e3a52-6a55-4f47-9d35-6c1b1f0f8f11',
      name: 'Анна',
      phone: '+79991234567',
      email: null,
      img: { _id: '8c3f4b7e-2f0e-4f6a-9c1d-7b2e5a9d0c33', path: '/uploads/a.webp', secret: 'x' },
      house: null,
      tokenHash: 'must not leave',
    };
    const written = write({ success: true, user });
    expect(JSON.parse(written)).toEqual({
      success: true,
      user: { ...user, img: { _id: user.img._id, path: user.img.path }, tokenHash: undefined },
    });
    expect(written).not.toContain('must not leave');
    expect(written).not.toContain('secret');
    expect(written).toBe(JSON.stringify(z.encode(UserResponseSchema, { success: true, user } as never)));
  });

  it('picks the branch of a discriminated union and keeps nulls', () => {
    const write = compile(FavouriteListSchema);
    expect(JSON.parse(write({ success: true, type: 'store', favorites: [] }))).toEqual({
      success: true,
      type: 'store',
      favorites: [],
    });
  });

  it('keeps the Zod serializer for a schema JSON Schema cannot express', () => {
    const schema = z.object({ at: z.date() });
    expect(responseJsonSchema(schema)).toBeNull();
    const write = compile(schema);
    expect(write({ at: new Date('2026-11-27T12:00:00Z') })).toBe('{"at":"2026-11-27T12:00:00.000Z"}');
  });

  it('refuses an answer that lacks a required property, as the Zod serializer did', () => {
    const write = compile(UserResponseSchema);
    expect(() => write({ success: true })).toThrow();
  });
});
