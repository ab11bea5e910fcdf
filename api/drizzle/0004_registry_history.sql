CREATE TABLE "remote_registry_history" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "remote_registry_history_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"remote_name" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"actor" text NOT NULL,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "remote_registry" ADD COLUMN "previous_descriptor" jsonb;--> statement-breakpoint
CREATE INDEX "remote_registry_history_remote_idx" ON "remote_registry_history" USING btree ("remote_name","id");