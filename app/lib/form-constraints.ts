/**
 * Written by `npm run build:form-constraints` (scripts/form-constraints.ts) from the contracts in
 * app/lib/form-schemas.ts; do not edit. Each form's constraints as Conform's `getZodConstraint` works them
 * out, so a page renders its form's fields without loading Zod; form-constraints.test.ts fails when a
 * contract has changed and this file has not (ADR 044, "The forms' contracts on first use").
 */
import type { useForm } from '@conform-to/react';

/** A field's constraints, as Conform's `useForm` takes them. */
export type Constraints = NonNullable<Parameters<typeof useForm>[0]['constraint']>;

export const ApplicationInputConstraints: Constraints = {
  vacancy: {
    required: true,
  },
  name: {
    required: true,
  },
  phone: {
    required: true,
  },
  email: {
    required: true,
  },
  letter: {
    required: true,
  },
  checked: {
    required: true,
  },
  website: {
    required: false,
  },
};

export const ChatFormConstraints: Constraints = {
  text: {
    required: false,
  },
  image: {
    required: false,
  },
  order: {
    required: false,
  },
  intent: {
    required: true,
  },
  key: {
    required: false,
  },
};

export const CheckoutFormConstraints: Constraints = {
  orders: {
    required: true,
    multiple: true,
  },
  'orders[]': {
    required: true,
  },
  'orders[].point': {
    required: true,
  },
  'orders[].fulfilment': {
    required: true,
    pattern: 'delivery|pickup',
  },
  'orders[].slot': {
    required: false,
  },
  'orders[].address': {
    required: false,
  },
  'orders[].address.id': {
    required: true,
  },
  'orders[].address.flat': {
    required: false,
  },
  'orders[].address.entrance': {
    required: false,
  },
  'orders[].address.floor': {
    required: false,
  },
  'orders[].address.comment': {
    required: false,
  },
  phone: {
    required: true,
  },
  payment: {
    required: true,
    pattern: 'card|cash|online|sbp',
  },
  comment: {
    required: false,
  },
  bonus: {
    required: false,
  },
  promo: {
    required: false,
  },
  on_missing: {
    required: false,
    pattern: 'similar|call|remove',
  },
  key: {
    required: true,
  },
  save_card: {
    required: false,
    pattern: 'on',
  },
  saved_card: {
    required: false,
  },
};

export const ConversationFormConstraints: Constraints = {
  text: {
    required: false,
  },
  image: {
    required: false,
  },
  order: {
    required: false,
  },
  intent: {
    required: true,
  },
  key: {
    required: false,
  },
};

export const FavouriteFormConstraints: Constraints = {
  type: {
    required: false,
    pattern: 'product|store|article',
  },
  id: {
    required: false,
  },
  intent: {
    required: true,
  },
  active: {
    required: false,
    pattern: 'true|false',
  },
  title: {
    required: false,
  },
  product: {
    required: false,
  },
  set: {},
  count: {
    required: false,
  },
};

export const LocationFormConstraints: Constraints = {
  intent: {
    required: true,
  },
  city: {
    required: false,
  },
  back: {
    required: false,
  },
  address: {
    required: false,
  },
  point: {
    required: false,
  },
};

export const LoginFormConstraints: Constraints = {
  name: {
    required: false,
  },
  phone: {
    required: true,
  },
  intent: {
    required: true,
  },
  redirectTo: {
    required: false,
  },
  code: {
    required: false,
  },
  address: {
    required: false,
  },
  basket: {
    required: false,
  },
};

export const ProfileFormConstraints: Constraints = {
  file: {
    required: true,
  },
  name: {
    required: true,
  },
  phone: {
    required: true,
  },
  email: {
    required: true,
  },
  code: {
    required: false,
  },
};

export const QuestionFormConstraints: Constraints = {
  name: {
    required: true,
  },
  phone: {
    required: true,
  },
  message: {
    required: true,
  },
  checked: {
    required: true,
  },
  link: {
    required: true,
  },
  website: {
    required: false,
  },
};

export const ReviewFormConstraints: Constraints = {
  rating: {
    required: false,
  },
  text: {
    required: false,
  },
  intent: {
    required: true,
  },
  store: {
    required: true,
  },
};
