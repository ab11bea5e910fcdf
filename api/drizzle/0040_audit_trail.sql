-- The audit trail (Companies (Accounts) Rules: an edit log that cannot be switched off). Every write to a document,
-- master, user, login session, setting or registry entry leaves one event, written by the database itself in the
-- writing transaction (a rolled-back write leaves none): who (user and role, from the transaction's bahi.actor
-- setting, api/src/db/actor.ts), when, from where (IP, user agent), what (entity, id, action) and the changed fields
-- before and after. Events are append-only (UPDATE, DELETE and TRUNCATE are refused) and chained per business: each
-- carries the hash of the one before it, so a change made behind the application's back shows in audit/verify.
CREATE TABLE "audit_events" (
	"business_id" uuid NOT NULL,
	"seq" bigint NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"actor_user_id" uuid,
	"actor_role" text,
	"ip" text,
	"user_agent" text,
	"entity" text NOT NULL,
	"entity_id" text NOT NULL,
	"parent_id" text,
	"action" text NOT NULL,
	"before" jsonb,
	"after" jsonb,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_events_pkey" PRIMARY KEY ("business_id", "seq")
);
--> statement-breakpoint
CREATE INDEX "audit_events_entity_idx" ON "audit_events" ("business_id", "entity_id", "seq");
--> statement-breakpoint
CREATE INDEX "audit_events_parent_idx" ON "audit_events" ("business_id", "parent_id", "seq") WHERE "parent_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" ("business_id", "actor_user_id", "seq");
--> statement-breakpoint
-- The hash of an event: sha256 over the previous event's hash and the event's content as one JSON array (jsonb's
-- text form is canonical; the time is written in UTC whatever the session's time zone). The trigger that appends
-- and audit/verify, which recomputes, both use this one function.
CREATE FUNCTION "audit_event_digest"(e "audit_events") RETURNS text LANGUAGE sql STABLE AS $$
	SELECT encode(sha256(convert_to(e.prev_hash || jsonb_build_array(
		e.business_id, e.seq, to_char(e.at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"'),
		e.actor_user_id, e.actor_role, e.ip, e.user_agent,
		e.entity, e.entity_id, e.parent_id, e.action, e.before, e.after
	)::text, 'UTF8')), 'hex')
$$;
--> statement-breakpoint
-- Appends an event at the end of its business's chain. The advisory lock serialises the business's appends, so seq
-- has no gaps and each event names the hash of the one committed before it. It is taken at commit (the triggers
-- that call this are deferred), after every other lock of the transaction, so it adds no lock-order deadlock.
CREATE FUNCTION "audit_append"(ev "audit_events") RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	last_seq bigint;
	last_hash text;
BEGIN
	PERFORM pg_advisory_xact_lock(hashtext('audit:' || ev.business_id::text));
	SELECT seq, hash INTO last_seq, last_hash FROM audit_events WHERE business_id = ev.business_id ORDER BY seq DESC LIMIT 1;
	ev.seq := coalesce(last_seq, 0) + 1;
	ev.prev_hash := coalesce(last_hash, repeat('0', 64));
	ev.at := clock_timestamp();
	ev.hash := audit_event_digest(ev);
	INSERT INTO audit_events SELECT (ev).*;
END $$;
--> statement-breakpoint
-- One row's change as an event. TG_ARGV[0] names the entity. The actor is the transaction's bahi.actor setting
-- (JSON: userId, role, ip, userAgent, op); without one (migrations, the scheduler) the event is the system's.
-- An UPDATE that changes nothing but bookkeeping columns leaves no event.
CREATE FUNCTION "audit_row_change"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	old_j jsonb;
	new_j jsonb;
	row_j jsonb;
	actor jsonb := nullif(current_setting('bahi.actor', true), '')::jsonb;
	-- Columns that are bookkeeping, derived, or too large to repeat (the IRP's signed invoice and QR string).
	ignored text[] := ARRAY['business_id', 'created_at', 'updated_at', 'last_seen_at', 'last_signed_in_at', 'search_text', 'seq', 'signed_invoice', 'signed_qr_code'];
	ev audit_events%ROWTYPE;
	changed_before jsonb;
	changed_after jsonb;
BEGIN
	IF TG_OP <> 'INSERT' THEN old_j := to_jsonb(OLD); END IF;
	IF TG_OP <> 'DELETE' THEN new_j := to_jsonb(NEW); END IF;
	row_j := coalesce(new_j, old_j);
	-- The books' own ledgers, and those of a cash or bank account or an expense category, come with their record's
	-- event; only a ledger the user made is an event of its own.
	IF TG_TABLE_NAME = 'ledger_accounts' AND (row_j->>'code' IS NOT NULL OR row_j->>'cash_account_id' IS NOT NULL OR row_j->>'expense_category_id' IS NOT NULL) THEN
		RETURN NULL;
	END IF;
	-- A bank account number is shown masked everywhere, here too.
	IF row_j ? 'account_number' THEN
		IF old_j->>'account_number' IS NOT NULL THEN old_j := jsonb_set(old_j, '{account_number}', to_jsonb('XXXX' || right(old_j->>'account_number', 4))); END IF;
		IF new_j->>'account_number' IS NOT NULL THEN new_j := jsonb_set(new_j, '{account_number}', to_jsonb('XXXX' || right(new_j->>'account_number', 4))); END IF;
	END IF;

	ev.entity := TG_ARGV[0];
	ev.business_id := CASE TG_TABLE_NAME
		WHEN 'businesses' THEN (row_j->>'id')::uuid
		-- The remote registry is the operator's: its events form the chain of the nil business.
		WHEN 'remote_registry' THEN '00000000-0000-0000-0000-000000000000'::uuid
		ELSE (row_j->>'business_id')::uuid END;
	ev.entity_id := CASE TG_TABLE_NAME
		WHEN 'sessions' THEN row_j->>'user_id'
		WHEN 'user_branches' THEN row_j->>'user_id'
		WHEN 'stock_movements' THEN row_j->>'item_id'
		WHEN 'sale_invoice_irns' THEN row_j->>'invoice_id'
		WHEN 'sale_note_irns' THEN row_j->>'note_id'
		WHEN 'remote_registry' THEN row_j->>'name'
		WHEN 'gst_settings' THEN row_j->>'business_id'
		WHEN 'einvoice_settings' THEN row_j->>'business_id'
		ELSE row_j->>'id' END;
	-- The record a child row belongs to: its History shows the child's events too.
	ev.parent_id := CASE TG_TABLE_NAME
		WHEN 'account_transactions' THEN row_j->>'document_id'
		WHEN 'stock_movements' THEN row_j->>'document_id'
		WHEN 'party_addresses' THEN row_j->>'party_id'
		WHEN 'item_images' THEN row_j->>'item_id'
		ELSE NULL END;
	ev.actor_user_id := (actor->>'userId')::uuid;
	ev.actor_role := actor->>'role';
	ev.ip := actor->>'ip';
	ev.user_agent := left(actor->>'userAgent', 400);

	IF TG_TABLE_NAME = 'sessions' THEN
		-- A login or logout: the session's own id is the hash of its cookie's token and is never repeated here.
		ev.action := CASE TG_OP WHEN 'INSERT' THEN 'login' ELSE 'logout' END;
		IF ev.actor_user_id IS NULL THEN
			ev.actor_user_id := (row_j->>'user_id')::uuid;
			SELECT role INTO ev.actor_role FROM users WHERE id = ev.actor_user_id;
		END IF;
		IF TG_OP = 'INSERT' THEN ev.after := jsonb_strip_nulls(jsonb_build_object('active_branch_id', row_j->'active_branch_id'));
		ELSE ev.before := jsonb_strip_nulls(jsonb_build_object('active_branch_id', row_j->'active_branch_id')); END IF;
	ELSIF TG_OP = 'INSERT' THEN
		ev.action := CASE
			WHEN TG_TABLE_NAME = 'stock_movements' THEN 'stock-adjust'
			WHEN TG_TABLE_NAME IN ('sale_invoice_irns', 'sale_note_irns') THEN 'e-invoice'
			WHEN TG_TABLE_NAME = 'users' AND ev.actor_user_id IS NOT NULL THEN 'invite'
			WHEN TG_TABLE_NAME = 'journal_entries' AND row_j->>'reverses_id' IS NOT NULL THEN 'cancel'
			WHEN actor->>'op' = 'import' THEN 'import'
			ELSE 'create' END;
		-- Sign-up: the new owner made their own user, and what the transaction makes after it (their branch, cash
		-- account, categories) is theirs too: the rest of its events name them.
		IF TG_TABLE_NAME = 'users' AND ev.actor_user_id IS NULL THEN
			ev.actor_user_id := (row_j->>'id')::uuid;
			ev.actor_role := row_j->>'role';
			PERFORM set_config('bahi.actor', (coalesce(actor, '{}'::jsonb) || jsonb_build_object('userId', ev.actor_user_id, 'role', ev.actor_role))::text, true);
		END IF;
		ev.after := jsonb_strip_nulls(new_j) - ignored;
	ELSIF TG_OP = 'UPDATE' THEN
		SELECT jsonb_object_agg(n.key, coalesce(old_j->n.key, 'null'::jsonb)), jsonb_object_agg(n.key, n.value)
			INTO changed_before, changed_after
			FROM jsonb_each(new_j) n
			WHERE n.key <> ALL (ignored) AND (old_j->n.key) IS DISTINCT FROM n.value;
		IF changed_after IS NULL THEN RETURN NULL; END IF;
		ev.before := changed_before;
		ev.after := changed_after;
		ev.action := CASE
			WHEN TG_TABLE_NAME = 'users' AND changed_after ? 'role' THEN 'role-change'
			WHEN changed_after->>'status' = 'CANCELLED' OR (changed_after ? 'cancelled_at' AND changed_after->>'cancelled_at' IS NOT NULL) THEN 'cancel'
			WHEN TG_TABLE_NAME IN ('businesses', 'gst_settings', 'einvoice_settings') THEN 'settings-change'
			WHEN TG_TABLE_NAME = 'remote_registry' AND (changed_after ?| ARRAY['flag_mode', 'flag_businesses', 'flag_percentage']) THEN 'flag-change'
			WHEN TG_TABLE_NAME = 'remote_registry' THEN 'registry-change'
			ELSE 'edit' END;
	ELSE
		ev.action := 'delete';
		ev.before := jsonb_strip_nulls(old_j) - ignored;
	END IF;
	IF ev.entity_id IS NULL OR ev.business_id IS NULL THEN RETURN NULL; END IF;
	PERFORM audit_append(ev);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- The tables whose changes are the business's record: documents and masters (not their lines), money movements,
-- users, logins, branches, settings, schedules. Constraint triggers deferred to commit, one per row.
DO $$
DECLARE
	spec text[];
BEGIN
	FOREACH spec SLICE 1 IN ARRAY ARRAY[
		ARRAY['sale_invoices', 'sale_invoice'],
		ARRAY['quotations', 'quotation'],
		ARRAY['purchase_invoices', 'purchase'],
		ARRAY['expenses', 'expense'],
		ARRAY['expense_categories', 'expense_category'],
		ARRAY['sale_notes', 'sale_note'],
		ARRAY['purchase_debit_notes', 'purchase_note'],
		ARRAY['parties', 'party'],
		ARRAY['party_addresses', 'party_address'],
		ARRAY['party_categories', 'party_category'],
		ARRAY['items', 'item'],
		ARRAY['item_images', 'item_image'],
		ARRAY['item_categories', 'item_category'],
		ARRAY['accounts', 'account'],
		ARRAY['account_transactions', 'payment'],
		ARRAY['ledger_accounts', 'ledger'],
		ARRAY['users', 'user'],
		-- The branches a user may work at: an event of the user.
		ARRAY['user_branches', 'user'],
		ARRAY['store_branches', 'branch'],
		ARRAY['businesses', 'business'],
		ARRAY['gst_settings', 'gst_settings'],
		ARRAY['einvoice_settings', 'einvoice_settings'],
		ARRAY['automated_bill_schedules', 'automated_bill'],
		ARRAY['sale_invoice_irns', 'sale_invoice'],
		ARRAY['sale_note_irns', 'sale_note'],
		ARRAY['remote_registry', 'remote']
	] LOOP
		EXECUTE format('CREATE CONSTRAINT TRIGGER %I AFTER INSERT OR UPDATE OR DELETE ON %I DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION audit_row_change(%L)', spec[1] || '_audit', spec[1], spec[2]);
	END LOOP;
END $$;
--> statement-breakpoint
-- A login and a logout (a session's last_seen_at moves once a minute and is not an event).
CREATE CONSTRAINT TRIGGER "sessions_audit" AFTER INSERT OR DELETE ON "sessions" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION audit_row_change('user');
--> statement-breakpoint
-- A manual journal voucher and its reversal; a document's own posting is the document's event.
CREATE CONSTRAINT TRIGGER "journal_entries_audit" AFTER INSERT ON "journal_entries" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (NEW.voucher_type = 'JOURNAL') EXECUTE FUNCTION audit_row_change('journal');
--> statement-breakpoint
-- A stock adjustment by hand (an opening stock comes with its item's event; documents move stock with theirs).
CREATE CONSTRAINT TRIGGER "stock_movements_audit" AFTER INSERT ON "stock_movements" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (NEW.kind IN ('ADD', 'REDUCE', 'OPENING_EDIT')) EXECUTE FUNCTION audit_row_change('item');
--> statement-breakpoint
-- Append-only: the database refuses to change or remove an event, whoever asks.
CREATE FUNCTION "audit_events_refuse_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	RAISE EXCEPTION 'audit events cannot be changed or deleted' USING ERRCODE = 'insufficient_privilege';
END $$;
--> statement-breakpoint
CREATE TRIGGER "audit_events_append_only" BEFORE UPDATE OR DELETE ON "audit_events"
	FOR EACH ROW EXECUTE FUNCTION audit_events_refuse_change();
--> statement-breakpoint
CREATE TRIGGER "audit_events_no_truncate" BEFORE TRUNCATE ON "audit_events"
	FOR EACH STATEMENT EXECUTE FUNCTION audit_events_refuse_change();
