CREATE TABLE "sandbox_sign_in_uses" (
	"token_id" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
