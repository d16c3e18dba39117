ALTER TABLE "chat_messages" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "push_subscriptions" ADD COLUMN "failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "chat_messages_idempotency_idx" ON "chat_messages" USING btree ("author_id","idempotency_key") WHERE "chat_messages"."idempotency_key" is not null;