CREATE TABLE "automated_bill_runs" (
	"business_id" uuid NOT NULL,
	"schedule_id" uuid NOT NULL,
	"period" date NOT NULL,
	"run_date" date NOT NULL,
	"invoice_id" uuid,
	"status" text NOT NULL,
	"reason" text,
	"attempts" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automated_bill_runs_pkey" PRIMARY KEY("business_id","schedule_id","period"),
	CONSTRAINT "automated_bill_runs_status_check" CHECK ("automated_bill_runs"."status" in ('ISSUED', 'FAILED')),
	CONSTRAINT "automated_bill_runs_invoice_check" CHECK (("automated_bill_runs"."status" = 'ISSUED') = ("automated_bill_runs"."invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "automated_bill_schedules" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"branch_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"frequency" jsonb NOT NULL,
	"lines" jsonb NOT NULL,
	"start_date" date NOT NULL,
	"end_date" date,
	"max_bills" integer,
	"due_in_days" integer,
	"round_off" boolean NOT NULL,
	"notes" text,
	"status" text NOT NULL,
	"next_run_date" date,
	"periods_run" integer DEFAULT 0 NOT NULL,
	"last_period" date,
	"created_by" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "automated_bill_schedules_pkey" PRIMARY KEY("business_id","id"),
	CONSTRAINT "automated_bill_schedules_status_check" CHECK ("automated_bill_schedules"."status" in ('ACTIVE', 'PAUSED', 'ENDED'))
);
--> statement-breakpoint
ALTER TABLE "automated_bill_runs" ADD CONSTRAINT "automated_bill_runs_schedule_fk" FOREIGN KEY ("business_id","schedule_id") REFERENCES "public"."automated_bill_schedules"("business_id","id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_bill_runs" ADD CONSTRAINT "automated_bill_runs_invoice_fk" FOREIGN KEY ("business_id","invoice_id") REFERENCES "public"."sale_invoices"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_bill_schedules" ADD CONSTRAINT "automated_bill_schedules_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_bill_schedules" ADD CONSTRAINT "automated_bill_schedules_branch_fk" FOREIGN KEY ("business_id","branch_id") REFERENCES "public"."store_branches"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_bill_schedules" ADD CONSTRAINT "automated_bill_schedules_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "automated_bill_schedules" ADD CONSTRAINT "automated_bill_schedules_user_fk" FOREIGN KEY ("business_id","created_by") REFERENCES "public"."users"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "automated_bill_schedules_business_idx" ON "automated_bill_schedules" USING btree ("business_id","status","next_run_date");--> statement-breakpoint
CREATE INDEX "automated_bill_schedules_due_idx" ON "automated_bill_schedules" USING btree ("next_run_date") WHERE "automated_bill_schedules"."status" = 'ACTIVE';