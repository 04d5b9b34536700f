-- A payment attempt holds its Idempotency-Key row under a short lease. While the key is being
-- answered it names what the attempt is serialised on (its group for a purchase or an upgrade,
-- its user for a card change): one unanswered key per group or user, so concurrent attempts on
-- one group charge once. The row keeps the key it sends to the provider and the request, so
-- whoever takes over an abandoned attempt after its lease sends the provider the same calls.
-- Keys from before kept the client's key as the provider's.
ALTER TABLE "idempotency_keys" ADD COLUMN "attempt_on" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "provider_key" text;--> statement-breakpoint
UPDATE "idempotency_keys" SET "provider_key" = "key";--> statement-breakpoint
ALTER TABLE "idempotency_keys" ALTER COLUMN "provider_key" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "request" jsonb;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "lease_holder" text;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD COLUMN "leased_until" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "idempotency_keys_one_attempt_idx" ON "idempotency_keys" USING btree ("attempt_on") WHERE "status_code" IS NULL;--> statement-breakpoint
-- The sandbox payment provider's records, as Stripe keeps them at its end: every process of the
-- product sees the same tokens, cards, subscriptions and charges, and a call's idempotency key
-- gets its first answer whichever process asks.
CREATE TABLE "sandbox_card_tokens" (
	"seq" bigserial PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"refused_at_charge" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_card_tokens_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE INDEX "sandbox_card_tokens_created_idx" ON "sandbox_card_tokens" USING btree ("created_at");--> statement-breakpoint
CREATE TABLE "sandbox_payment_methods" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"brand" text NOT NULL,
	"last4" text NOT NULL,
	"refused_at_charge" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_customer_defaults" (
	"customer_id" text PRIMARY KEY NOT NULL,
	"payment_method_id" text NOT NULL
);
--> statement-breakpoint
ALTER TABLE "sandbox_customer_defaults" ADD CONSTRAINT "sandbox_customer_defaults_payment_method_id_sandbox_payment_methods_id_fk" FOREIGN KEY ("payment_method_id") REFERENCES "public"."sandbox_payment_methods"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE TABLE "sandbox_subscriptions" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"plan" text NOT NULL,
	"status" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"current_period_end" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "sandbox_charges" (
	"id" text PRIMARY KEY NOT NULL,
	"customer_id" text NOT NULL,
	"subscription_id" text,
	"amount_cents" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_answers" (
	"key" text PRIMARY KEY NOT NULL,
	"answer" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "sandbox_answers_created_idx" ON "sandbox_answers" USING btree ("created_at");
