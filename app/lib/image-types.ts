/** SPEC §5: image upload accepts jpg, jpeg, png, webp (the profile picture, the chat's images). */
export const ACCEPTED_IMAGE_TYPES = [
  'image/jpeg',
  'image/png',
  'image/webp',
  '.jpg',
  '.jpeg',
  '.png',
  '.webp',
];
