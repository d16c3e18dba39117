/**
 * The storefront's form contracts as its pages hold them (contract-form.ts): each form's constraints, and its
 * contract loaded when the form is first used. The names follow the contracts in core/contracts.
 */
import type { FavouriteFormSchema } from '@core/contracts/favourites';
import type { ApplicationInputSchema, QuestionFormSchema } from '@core/contracts/feedback';
import type { LocationFormSchema } from '@core/contracts/geo';
import type { LoginFormSchema, ProfileFormSchema } from '@core/contracts/identity';
import type { CheckoutFormSchema } from '@core/contracts/orders';
import type { ReviewFormSchema } from '@core/contracts/reviews';
import type { ChatFormSchema, ConversationFormSchema } from '@core/contracts/support';
import { formContract } from './contract-form';
import {
  ApplicationInputConstraints,
  ChatFormConstraints,
  CheckoutFormConstraints,
  ConversationFormConstraints,
  FavouriteFormConstraints,
  LocationFormConstraints,
  LoginFormConstraints,
  ProfileFormConstraints,
  QuestionFormConstraints,
  ReviewFormConstraints,
} from './form-constraints';

export const LOGIN_FORM = /* @__PURE__ */ formContract<typeof LoginFormSchema>(
  LoginFormConstraints,
  async () => (await import('@core/contracts/identity')).LoginFormSchema,
);
export const PROFILE_FORM = /* @__PURE__ */ formContract<typeof ProfileFormSchema>(
  ProfileFormConstraints,
  async () => (await import('@core/contracts/identity')).ProfileFormSchema,
);
export const CHECKOUT_FORM = /* @__PURE__ */ formContract<typeof CheckoutFormSchema>(
  CheckoutFormConstraints,
  async () => (await import('@core/contracts/orders')).CheckoutFormSchema,
);
export const LOCATION_FORM = /* @__PURE__ */ formContract<typeof LocationFormSchema>(
  LocationFormConstraints,
  async () => (await import('@core/contracts/geo')).LocationFormSchema,
);
export const CHAT_FORM = /* @__PURE__ */ formContract<typeof ChatFormSchema>(
  ChatFormConstraints,
  async () => (await import('@core/contracts/support')).ChatFormSchema,
);
export const CONVERSATION_FORM = /* @__PURE__ */ formContract<typeof ConversationFormSchema>(
  ConversationFormConstraints,
  async () => (await import('@core/contracts/support')).ConversationFormSchema,
);
export const FAVOURITE_FORM = /* @__PURE__ */ formContract<typeof FavouriteFormSchema>(
  FavouriteFormConstraints,
  async () => (await import('@core/contracts/favourites')).FavouriteFormSchema,
);
export const QUESTION_FORM = /* @__PURE__ */ formContract<typeof QuestionFormSchema>(
  QuestionFormConstraints,
  async () => (await import('@core/contracts/feedback')).QuestionFormSchema,
);
export const APPLICATION_FORM = /* @__PURE__ */ formContract<typeof ApplicationInputSchema>(
  ApplicationInputConstraints,
  async () => (await import('@core/contracts/feedback')).ApplicationInputSchema,
);
export const REVIEW_FORM = /* @__PURE__ */ formContract<typeof ReviewFormSchema>(
  ReviewFormConstraints,
  async () => (await import('@core/contracts/reviews')).ReviewFormSchema,
);
