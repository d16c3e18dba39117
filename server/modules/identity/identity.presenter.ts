import type { User } from '@core/contracts/identity';
import type { UserWithImage } from './identity.repository';

/** A user row → the spec's User (SPEC §3): _id, name, phone, email, img {_id, path}, house. */
export function presentUser({ user, image }: UserWithImage): User {
  return {
    _id: user.id,
    name: user.name,
    phone: user.phone,
    email: user.email,
    img: image?.id ? { _id: image.id, path: image.path } : null,
    house: user.house ?? null,
  };
}
