/**
 * The contracts the storefront's forms validate in the browser (useContractForm), by name. The source of
 * form-constraints.ts, which `npm run build:form-constraints` writes from them. Only that script and the test
 * that checks the file is current import this module: a page loads a form's contract when the form is first
 * used, not with the page (ADR 044, "The forms' contracts on first use").
 */
import { FavouriteFormSchema } from '@core/contracts/favourites';
import { ApplicationInputSchema, QuestionFormSchema } from '@core/contracts/feedback';
import { LocationFormSchema } from '@core/contracts/geo';
import { LoginFormSchema, ProfileFormSchema } from '@core/contracts/identity';
import { CheckoutFormSchema } from '@core/contracts/orders';
import { ReviewFormSchema } from '@core/contracts/reviews';
import { ChatFormSchema, ConversationFormSchema } from '@core/contracts/support';

export const FORM_SCHEMAS = {
  ApplicationInputSchema,
  ChatFormSchema,
  CheckoutFormSchema,
  ConversationFormSchema,
  FavouriteFormSchema,
  LocationFormSchema,
  LoginFormSchema,
  ProfileFormSchema,
  QuestionFormSchema,
  ReviewFormSchema,
};

export type FormSchemaName = keyof typeof FORM_SCHEMAS;
