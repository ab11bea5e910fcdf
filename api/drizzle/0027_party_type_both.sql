-- A party can be customer and supplier at once (party_type BOTH): a firm the business sells to and buys from.
ALTER TABLE "parties" DROP CONSTRAINT "parties_party_type_check";--> statement-breakpoint
ALTER TABLE "parties" ADD CONSTRAINT "parties_party_type_check" CHECK ("parties"."party_type" in ('CUSTOMER', 'SUPPLIER', 'BOTH'));
