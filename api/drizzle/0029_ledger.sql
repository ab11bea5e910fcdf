CREATE TABLE "books_opened" (
	"business_id" uuid PRIMARY KEY NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "journal_entries" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"seq" bigint GENERATED ALWAYS AS IDENTITY (sequence name "journal_entries_seq_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"branch_id" uuid,
	"date" date NOT NULL,
	"voucher_type" text NOT NULL,
	"document_type" text,
	"document_id" uuid,
	"document_number" text,
	"transaction_id" uuid,
	"narration" text,
	"reverses_id" uuid,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "journal_entries_pkey" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "journal_lines" (
	"business_id" uuid NOT NULL,
	"entry_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"account_id" uuid NOT NULL,
	"party_id" uuid,
	"item_id" uuid,
	"quantity" numeric(14, 3),
	"date" date NOT NULL,
	"branch_id" uuid,
	"entry_seq" bigint NOT NULL,
	"debit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"credit" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "journal_lines_pkey" PRIMARY KEY("business_id","entry_id","line_no"),
	CONSTRAINT "journal_lines_one_side_check" CHECK ("journal_lines"."debit" >= 0 and "journal_lines"."credit" >= 0 and ("journal_lines"."debit" = 0) <> ("journal_lines"."credit" = 0))
);
--> statement-breakpoint
CREATE TABLE "ledger_accounts" (
	"business_id" uuid NOT NULL,
	"id" uuid DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"group_code" text NOT NULL,
	"code" text,
	"cash_account_id" uuid,
	"expense_category_id" uuid,
	"is_active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "ledger_accounts_pkey" PRIMARY KEY("business_id","id")
);
--> statement-breakpoint
CREATE TABLE "stock_costs" (
	"business_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"quantity" numeric(14, 3) DEFAULT '0' NOT NULL,
	"value" numeric(14, 2) DEFAULT '0' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_costs_pkey" PRIMARY KEY("business_id","branch_id","item_id")
);
--> statement-breakpoint
ALTER TABLE "books_opened" ADD CONSTRAINT "books_opened_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_entries" ADD CONSTRAINT "journal_entries_reverses_fk" FOREIGN KEY ("business_id","reverses_id") REFERENCES "public"."journal_entries"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_entry_fk" FOREIGN KEY ("business_id","entry_id") REFERENCES "public"."journal_entries"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_account_fk" FOREIGN KEY ("business_id","account_id") REFERENCES "public"."ledger_accounts"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "journal_lines" ADD CONSTRAINT "journal_lines_party_fk" FOREIGN KEY ("business_id","party_id") REFERENCES "public"."parties"("business_id","id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_business_id_businesses_id_fk" FOREIGN KEY ("business_id") REFERENCES "public"."businesses"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_cash_account_fk" FOREIGN KEY ("business_id","cash_account_id") REFERENCES "public"."accounts"("business_id","id") ON DELETE SET NULL ("cash_account_id") ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "ledger_accounts" ADD CONSTRAINT "ledger_accounts_expense_category_fk" FOREIGN KEY ("business_id","expense_category_id") REFERENCES "public"."expense_categories"("business_id","id") ON DELETE SET NULL ("expense_category_id") ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "journal_entries_reverses_key" ON "journal_entries" USING btree ("business_id","reverses_id") WHERE "journal_entries"."reverses_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_entries_business_date_idx" ON "journal_entries" USING btree ("business_id","date","seq");--> statement-breakpoint
CREATE INDEX "journal_entries_document_idx" ON "journal_entries" USING btree ("business_id","document_type","document_id");--> statement-breakpoint
CREATE INDEX "journal_entries_transaction_idx" ON "journal_entries" USING btree ("business_id","transaction_id") WHERE "journal_entries"."transaction_id" is not null;--> statement-breakpoint
CREATE INDEX "journal_lines_account_idx" ON "journal_lines" USING btree ("business_id","account_id","date","entry_seq","debit","credit");--> statement-breakpoint
CREATE INDEX "journal_lines_party_idx" ON "journal_lines" USING btree ("business_id","party_id","date","entry_seq","debit","credit") WHERE "journal_lines"."party_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_code_key" ON "ledger_accounts" USING btree ("business_id","code") WHERE "ledger_accounts"."code" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_cash_account_key" ON "ledger_accounts" USING btree ("business_id","cash_account_id") WHERE "ledger_accounts"."cash_account_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "ledger_accounts_expense_category_key" ON "ledger_accounts" USING btree ("business_id","expense_category_id") WHERE "ledger_accounts"."expense_category_id" is not null;--> statement-breakpoint
-- Every entry balances: checked when the transaction that wrote it commits (deferred), so an entry's lines may be
-- inserted one by one, but no transaction can leave an entry whose debits differ from its credits, or one without
-- lines.
CREATE FUNCTION "journal_entry_check"(p_business_id uuid, p_entry_id uuid) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	d numeric;
	c numeric;
	n integer;
BEGIN
	SELECT coalesce(sum(debit), 0), coalesce(sum(credit), 0), count(*) INTO d, c, n
	FROM journal_lines WHERE business_id = p_business_id AND entry_id = p_entry_id;
	IF n < 2 OR d <> c THEN
		RAISE EXCEPTION 'journal entry % does not balance: debit %, credit %, % lines', p_entry_id, d, c, n
			USING ERRCODE = 'check_violation', CONSTRAINT = 'journal_entry_balances';
	END IF;
END $$;
--> statement-breakpoint
CREATE FUNCTION "journal_entry_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM journal_entry_check(NEW.business_id, NEW.id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE FUNCTION "journal_line_balances"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM journal_entry_check(NEW.business_id, NEW.entry_id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_entries_balance" AFTER INSERT ON "journal_entries"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_entry_balances();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "journal_lines_balance" AFTER INSERT ON "journal_lines"
	DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION journal_line_balances();
--> statement-breakpoint
-- Nothing posted is updated or deleted: a mistake is corrected by a reversing entry.
CREATE FUNCTION "journal_immutable"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'the journal is never updated or deleted: post a reversing entry'
		USING ERRCODE = 'restrict_violation';
END $$;
--> statement-breakpoint
CREATE TRIGGER "journal_entries_immutable" BEFORE UPDATE OR DELETE ON "journal_entries"
	FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
CREATE TRIGGER "journal_lines_immutable" BEFORE UPDATE OR DELETE ON "journal_lines"
	FOR EACH ROW EXECUTE FUNCTION journal_immutable();
--> statement-breakpoint
-- The chart of every business that exists (a new one gets it at sign-up): the books' own ledgers (contracts
-- SYSTEM_LEDGERS), one ledger per cash or bank account and one per expense category.
INSERT INTO "ledger_accounts" ("business_id", "name", "group_code", "code")
SELECT b."id", l."name", l."group_code", l."code"
FROM "businesses" b
CROSS JOIN (VALUES
	('DEBTORS', 'Sundry debtors', 'SUNDRY_DEBTORS'),
	('STOCK', 'Stock in hand', 'STOCK_IN_HAND'),
	('INPUT_CGST', 'Input CGST', 'INPUT_TAXES'),
	('INPUT_SGST', 'Input SGST', 'INPUT_TAXES'),
	('INPUT_IGST', 'Input IGST', 'INPUT_TAXES'),
	('INPUT_CESS', 'Input cess', 'INPUT_TAXES'),
	('INPUT_RCM', 'Input tax on reverse charge', 'INPUT_TAXES'),
	('CREDITORS', 'Sundry creditors', 'SUNDRY_CREDITORS'),
	('OUTPUT_CGST', 'Output CGST', 'DUTIES_AND_TAXES'),
	('OUTPUT_SGST', 'Output SGST', 'DUTIES_AND_TAXES'),
	('OUTPUT_IGST', 'Output IGST', 'DUTIES_AND_TAXES'),
	('OUTPUT_CESS', 'Output cess', 'DUTIES_AND_TAXES'),
	('RCM_PAYABLE', 'Reverse charge tax payable', 'DUTIES_AND_TAXES'),
	('OWNER_CAPITAL', 'Owner''s capital', 'CAPITAL_ACCOUNT'),
	('OPENING_EQUITY', 'Opening balance equity', 'CAPITAL_ACCOUNT'),
	('SALES', 'Sales', 'SALES_ACCOUNTS'),
	('OTHER_INCOME', 'Other income', 'INDIRECT_INCOMES'),
	('DISCOUNT_RECEIVED', 'Discount received', 'INDIRECT_INCOMES'),
	('COGS', 'Cost of goods sold', 'DIRECT_EXPENSES'),
	('SERVICES_PURCHASED', 'Services purchased', 'DIRECT_EXPENSES'),
	('STOCK_ADJUSTMENTS', 'Stock adjustments', 'DIRECT_EXPENSES'),
	('DISCOUNT_ALLOWED', 'Discount allowed', 'INDIRECT_EXPENSES'),
	('ROUND_OFF', 'Round off', 'INDIRECT_EXPENSES'),
	('BALANCE_ADJUSTMENTS', 'Cash and bank adjustments', 'INDIRECT_EXPENSES')
) AS l("code", "name", "group_code");
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("business_id", "name", "group_code", "cash_account_id")
SELECT a."business_id", a."display_name", CASE WHEN a."type" = 'CASH' THEN 'CASH_IN_HAND' ELSE 'BANK_ACCOUNTS' END, a."id"
FROM "accounts" a;
--> statement-breakpoint
INSERT INTO "ledger_accounts" ("business_id", "name", "group_code", "expense_category_id")
SELECT c."business_id", c."name", 'INDIRECT_EXPENSES', c."id"
FROM "expense_categories" c;
--> statement-breakpoint
-- The change feed (migration 0023) hears the books too: a journal voucher changes party and account balances that
-- cached lists show.
DO $$
DECLARE
	t text;
BEGIN
	FOREACH t IN ARRAY ARRAY['books_opened', 'journal_entries', 'journal_lines', 'ledger_accounts', 'stock_costs'] LOOP
		EXECUTE format('CREATE TRIGGER %I AFTER INSERT ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_insert', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER UPDATE ON %I REFERENCING NEW TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_update', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER DELETE ON %I REFERENCING OLD TABLE AS changed_rows FOR EACH STATEMENT EXECUTE FUNCTION notify_business_change(%L)', t || '_notify_delete', t, 'data');
		EXECUTE format('CREATE TRIGGER %I AFTER TRUNCATE ON %I FOR EACH STATEMENT EXECUTE FUNCTION notify_shared_change()', t || '_notify_truncate', t);
	END LOOP;
END $$;
