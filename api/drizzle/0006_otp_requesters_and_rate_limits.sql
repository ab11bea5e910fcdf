CREATE TABLE "rate_limit_counters" (
	"key" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"count" integer NOT NULL,
	CONSTRAINT "rate_limit_counters_key_window_start_pk" PRIMARY KEY("key","window_start")
);
--> statement-breakpoint
DROP INDEX "otp_challenges_open_key";--> statement-breakpoint
ALTER TABLE "otp_challenges" ADD COLUMN "requester_hash" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "otp_sends" ADD COLUMN "client_address" text DEFAULT '' NOT NULL;--> statement-breakpoint
CREATE INDEX "rate_limit_counters_window_idx" ON "rate_limit_counters" USING btree ("window_start");--> statement-breakpoint
CREATE INDEX "otp_sends_client_idx" ON "otp_sends" USING btree ("client_address","sent_at");--> statement-breakpoint
CREATE UNIQUE INDEX "otp_challenges_open_key" ON "otp_challenges" USING btree ("phone","purpose","requester_hash") WHERE "otp_challenges"."ended_at" is null;